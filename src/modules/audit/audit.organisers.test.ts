import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditOf } from '../../../test/helpers/audit.ts';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import type { TestUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`audit trail of organisers' acts on others (${backend.name})`, () => {
    const clock = new TestClock();

    const t = appSuite(backend, { overrides: { clock }, admin: true });

    it('records an organiser removing a player (their place, not their guests’ names), and nothing for a refused removal', async () => {
      const sport = await createSport(t.app, t.admin, { name: 'Removal Ball' });
      const host = await onboardedUser(t.app, 'Host');
      const player = await onboardedUser(t.app, 'Player');
      const outsider = await onboardedUser(t.app, 'Outsider');
      const game = await createGame(t.app, host, gameBody(sport, clock.now(), 48, { maxGuestsPerPlayer: 1 }));
      const joined = await t.app.inject({
        method: 'POST',
        url: `/api/v1/games/${game.id}/participants`,
        headers: player.auth,
        payload: { guests: 1, guestNames: ['Guest Secret Name'] },
      });
      assert.equal(joined.statusCode, 201, joined.body);
      const url = `/api/v1/games/${game.id}/participants/${player.id}`;
      assertProblem(await t.app.inject({ method: 'DELETE', url, headers: outsider.auth }), 404, 'game_not_found');
      assertProblem(await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${game.id}/participants/${outsider.id}`, headers: host.auth }), 404);
      assert.deepEqual(await auditOf(t.app, t.admin, 'game', game.id), []);

      const removed = await t.app.inject({ method: 'DELETE', url, headers: host.auth });
      assert.equal(removed.statusCode, 204, removed.body);
      const entries = await auditOf(t.app, t.admin, 'game', game.id);
      assert.equal(entries.length, 1);
      const [entry] = entries;
      assert.equal(entry!.actorId, host.id);
      assert.equal(entry!.action, 'game.player.removed');
      assert.equal(entry!.requestId, removed.headers['x-request-id']);
      assert.deepEqual(entry!.changes, { player: { before: { userId: player.id, status: 'ACTIVE', guests: 1 }, after: null } });
      assert.doesNotMatch(JSON.stringify(entries), /Guest Secret Name/);
    });

    it('records a join request approved (where the player went) and declined, not the message, and nothing for a refused answer', async () => {
      const sport = await createSport(t.app, t.admin, { name: 'Request Ball' });
      const host = await onboardedUser(t.app, 'Request Host');
      const [first, second, outsider] = [await onboardedUser(t.app, 'First'), await onboardedUser(t.app, 'Second'), await onboardedUser(t.app, 'Outsider')];
      const game = await createGame(t.app, host, gameBody(sport, clock.now(), 72, { joinPolicy: 'APPROVAL' }));
      for (const who of [first, second]) {
        const asked = await t.app.inject({
          method: 'POST',
          url: `/api/v1/games/${game.id}/join-requests`,
          headers: who.auth,
          payload: { message: 'Private words' },
        });
        assert.equal(asked.statusCode, 201, asked.body);
      }
      const answer = (who: TestUser, player: TestUser, verb: 'approve' | 'decline') =>
        t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/join-requests/${player.id}/${verb}`, headers: who.auth });
      assertProblem(await answer(outsider, first, 'approve'), 404, 'game_not_found');
      assertProblem(await answer(host, outsider, 'decline'), 404, 'join_request_not_found');
      assert.deepEqual(await auditOf(t.app, t.admin, 'game', game.id), []);

      const approved = await answer(host, first, 'approve');
      assert.ok(approved.statusCode < 300, approved.body);
      const declined = await answer(host, second, 'decline');
      assert.equal(declined.statusCode, 204, declined.body);
      const [decline, approve] = await auditOf(t.app, t.admin, 'game', game.id);
      assert.deepEqual([approve!.action, approve!.actorId, approve!.requestId], ['game.join-request.approved', host.id, approved.headers['x-request-id']]);
      assert.deepEqual(approve!.changes, {
        request: { before: { userId: first.id }, after: null },
        player: { before: null, after: { userId: first.id, status: 'ACTIVE' } },
      });
      assert.deepEqual([decline!.action, decline!.actorId, decline!.requestId], ['game.join-request.declined', host.id, declined.headers['x-request-id']]);
      assert.deepEqual(decline!.changes, { request: { before: { userId: second.id }, after: null } });
      assert.doesNotMatch(JSON.stringify([decline, approve]), /Private words/);
    });
  });
}
