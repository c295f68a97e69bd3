import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, gameBody, onboardedUser } from '../../../../test/helpers/games.ts';
import { assertProblem } from '../../../../test/helpers/problem.ts';
import { appSuite } from '../../../../test/helpers/suite.ts';
import { mintTokens, type TestUser } from '../../../../test/helpers/users.ts';
import { addCoHost } from '../../../../test/helpers/invitations.ts';

for (const backend of backends) {
  describe(`games: join approval (${backend.name})`, () => {
    const clock = new TestClock(new Date('2035-07-01T08:00:00Z'));
    let hours = 48;
    const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, payload?: object) =>
      t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
    const hostGame = async (overrides: Record<string, unknown>) => {
      hours += 3;
      return createGame(t.app, t.host, gameBody(t.sport, clock.now(), hours, overrides));
    };
    const ask = (gameId: string, who: TestUser, message?: string) =>
      req('POST', `/api/v1/games/${gameId}/join-requests`, who, message === undefined ? {} : { message });
    const approve = (gameId: string, userId: string, who = t.host) => req('POST', `/api/v1/games/${gameId}/join-requests/${userId}/approve`, who);
    const pending = async (gameId: string, who = t.host) => {
      const response = await req('GET', `/api/v1/games/${gameId}/join-requests`, who);
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data.content as Array<{ userId: string; message: string | null; name: string | null }>;
    };
    const told = async (who: TestUser, gameId: string, type: string) => {
      const response = await req('GET', '/api/v1/notifications?size=100', who);
      return (response.json().data.content as Array<{ type: string; resourceId: string }>).filter((n) => n.type === type && n.resourceId === gameId).length;
    };
    const playerAt = async (name: string, level?: string) => {
      const user = await onboardedUser(t.app, name);
      if (level)
        assert.equal((await req('PUT', '/api/v1/me', user, { skillLevels: [{ activityId: t.sport.activityId, skillLevelId: level }] })).statusCode, 200);
      return user;
    };

    const t = appSuite(backend, { overrides: { clock }, host: 'Host Approver', sport: 'Volleyball' });

    it('an ordinary game stays open: policies default to OPEN / ALLOW and a request is refused as needless', async () => {
      const game = (await hostGame({})) as { id: string; joinPolicy?: string; offLevelPolicy?: string };
      assert.equal(game.joinPolicy, 'OPEN');
      assert.equal(game.offLevelPolicy, 'ALLOW');
      const player = await playerAt('Open Olga');
      assertProblem(await ask(game.id, player), 409, 'approval_not_required');
      assert.equal((await req('POST', `/api/v1/games/${game.id}/participants`, player)).statusCode, 201);
    });

    it('under APPROVAL a join is a request; the organiser or a co-host approves it, in approval order into places then the waitlist', async () => {
      const game = await hostGame({ joinPolicy: 'APPROVAL', slots: 1 });
      const [coHost, first, second, outsider] = [await playerAt('Cora'), await playerAt('First Fay'), await playerAt('Second Sam'), await playerAt('Outsider')];
      await addCoHost(t.app, t.host, game.id, coHost);
      assertProblem(await req('POST', `/api/v1/games/${game.id}/participants`, first), 409, 'approval_required');
      const asked = await ask(game.id, first, '  I play on Tuesdays  ');
      assert.equal(asked.statusCode, 201, asked.body);
      assert.equal(asked.json().data.message, 'I play on Tuesdays');
      assertProblem(await ask(game.id, first), 409, 'already_requested');
      assertProblem(await ask(game.id, second, 'nul\u0000byte'), 400, 'validation_failed');
      assertProblem(await ask(game.id, second, 'x'.repeat(501)), 400, 'validation_failed');
      assert.equal((await ask(game.id, second)).statusCode, 201);
      assert.equal(await told(t.host, game.id, 'JOIN_REQUESTED'), 2);
      assert.equal(await told(coHost, game.id, 'JOIN_REQUESTED'), 2);
      assert.deepEqual(
        (await pending(game.id, coHost)).map((r) => r.userId),
        [first.id, second.id],
      );
      assertProblem(await req('GET', `/api/v1/games/${game.id}/join-requests`, outsider), 404, 'game_not_found');
      assertProblem(await approve(game.id, first.id, outsider), 404, 'game_not_found');

      // Approval order, not request order, decides who plays.
      const secondIn = await approve(game.id, second.id, coHost);
      assert.equal(secondIn.statusCode, 200, secondIn.body);
      assert.equal(secondIn.json().data.status, 'ACTIVE');
      const firstIn = await approve(game.id, first.id);
      assert.equal(firstIn.json().data.status, 'WAITLISTED');
      assert.equal(await told(first, game.id, 'JOIN_REQUEST_APPROVED'), 1);
      assertProblem(await approve(game.id, first.id), 404, 'join_request_not_found');
      assert.deepEqual(await pending(game.id), []);
      const players = (await req('GET', `/api/v1/games/${game.id}/participants`, t.host)).json().data as Array<{ userId: string; status: string }>;
      assert.deepEqual(
        players.map((p) => [p.userId, p.status]),
        [
          [second.id, 'ACTIVE'],
          [first.id, 'WAITLISTED'],
        ],
      );
    });

    it('declined and withdrawn requests go, each told to the other side', async () => {
      const game = await hostGame({ joinPolicy: 'APPROVAL' });
      const [declined, withdrawing] = [await playerAt('Dan'), await playerAt('Wes')];
      assert.equal((await ask(game.id, declined)).statusCode, 201);
      assert.equal((await ask(game.id, withdrawing)).statusCode, 201);
      assertProblem(await req('POST', `/api/v1/games/${game.id}/join-requests/${declined.id}/decline`, withdrawing), 404, 'game_not_found');
      assert.equal((await req('POST', `/api/v1/games/${game.id}/join-requests/${declined.id}/decline`, t.host)).statusCode, 204);
      assert.equal(await told(declined, game.id, 'JOIN_REQUEST_DECLINED'), 1);
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/join-requests/me`, withdrawing)).statusCode, 204);
      assert.equal(await told(t.host, game.id, 'JOIN_REQUEST_WITHDRAWN'), 1);
      assertProblem(await req('DELETE', `/api/v1/games/${game.id}/join-requests/me`, withdrawing), 404, 'join_request_not_found');
      assert.deepEqual(await pending(game.id), []);
      assert.equal((await req('GET', `/api/v1/games/${game.id}/participants`, t.host)).json().data.length, 0);
    });

    it('requests expire at the game’s start: a second before it approval works, at it the request is 409 request_expired', async () => {
      const game = await hostGame({ joinPolicy: 'APPROVAL' });
      const [early, late] = [await playerAt('Early Ed'), await playerAt('Late Lou')];
      assert.equal((await ask(game.id, early)).statusCode, 201);
      assert.equal((await ask(game.id, late)).statusCode, 201);
      clock.set(new Date(new Date(game.startTime).getTime() - 1000));
      t.host.auth = { authorization: `Bearer ${(await mintTokens(t.app, t.host.id)).accessToken}` };
      assert.equal((await approve(game.id, early.id)).statusCode, 200);
      clock.advance(1);
      assertProblem(await approve(game.id, late.id), 409, 'request_expired');
      assert.deepEqual(await pending(game.id), [], 'expired requests are not listed');
      clock.set(new Date('2035-07-01T08:00:00Z'));
      t.host.auth = { authorization: `Bearer ${(await mintTokens(t.app, t.host.id)).accessToken}` };
    });

    it('offLevelPolicy: REFUSE turns away players outside the range (or with no level), REQUEST makes them ask; in range they join', async () => {
      const refuse = await hostGame({ skillLevelFromId: t.sport.levels.intermediate, skillLevelToId: t.sport.levels.advanced, offLevelPolicy: 'REFUSE' });
      const request = await hostGame({ skillLevelFromId: t.sport.levels.intermediate, skillLevelToId: t.sport.levels.advanced, offLevelPolicy: 'REQUEST' });
      const [beginner, unknown, intermediate] = [
        await playerAt('Bea', t.sport.levels.beginner),
        await playerAt('Nolevel Nia'),
        await playerAt('Ivy', t.sport.levels.intermediate),
      ];
      for (const who of [beginner, unknown]) {
        assertProblem(await req('POST', `/api/v1/games/${refuse.id}/participants`, who), 409, 'skill_level_out_of_range');
        assertProblem(await ask(refuse.id, who), 409, 'skill_level_out_of_range');
        assertProblem(await req('POST', `/api/v1/games/${request.id}/participants`, who), 409, 'approval_required');
        assert.equal((await ask(request.id, who)).statusCode, 201);
      }
      assert.equal((await req('POST', `/api/v1/games/${refuse.id}/participants`, intermediate)).statusCode, 201);
      assert.equal((await req('POST', `/api/v1/games/${request.id}/participants`, intermediate)).statusCode, 201);
      assertProblem(await ask(request.id, intermediate), 409, 'approval_not_required');
      const changed = await req('PUT', `/api/v1/games/${refuse.id}`, t.host, { offLevelPolicy: 'ALLOW' });
      assert.equal(changed.json().data.offLevelPolicy, 'ALLOW');
      assert.equal((await req('POST', `/api/v1/games/${refuse.id}/participants`, beginner)).statusCode, 201);
    });
  });
}
