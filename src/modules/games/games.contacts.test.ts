import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { createGame, gameBody, onboardedUser } from '../../../test/helpers/games.ts';
import type { ListedInvitation } from '../../../test/helpers/invitations.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { type TestUser } from '../../../test/helpers/users.ts';

interface Listed {
  userId: string;
  contactMethods?: { name: string; value: string }[];
}

for (const backend of backends) {
  describe(`games: what the hosts see of players and requesters (${backend.name})`, () => {
    const clock = new TestClock(new Date('2034-03-01T08:00:00Z'));
    const req = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser, payload?: object) =>
      t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    const roster = async (gameId: string, who: TestUser) => {
      const response = await req('GET', `/api/v1/games/${gameId}/participants`, who);
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as Listed[];
    };

    const t = appSuite(backend, { overrides: { clock }, host: 'Host Hale', sport: 'Netball' });

    it('the organiser and an accepted co-host see how to reach each player; players, and a co-host still invited, do not', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 48));
      const [player, coHost] = [await onboardedUser(t.app, 'Pat Player'), await onboardedUser(t.app, 'Cory Cohost')];
      assert.equal((await req('POST', `/api/v1/games/${game.id}/participants`, player, {})).statusCode, 201);
      assert.equal((await req('POST', `/api/v1/games/${game.id}/co-hosts`, t.host, { userId: coHost.id })).statusCode, 201);

      const seenByHost = await roster(game.id, t.host);
      const pat = seenByHost.find((row) => row.userId === player.id);
      // Given as 'whatsapp' at onboarding, answered in the API's uppercase names.
      assert.deepEqual(pat?.contactMethods, [{ name: 'WHATSAPP', value: '+65 9123 4567' }], 'the organiser sees how to reach the player');

      for (const who of [player, coHost]) {
        const rows = await roster(game.id, who);
        assert.ok(
          rows.every((row) => row.contactMethods === undefined),
          'a player, or a co-host who has not accepted, sees no contact methods',
        );
      }

      const invitation = ((await req('GET', '/api/v1/me/invitations', coHost)).json().data as ListedInvitation[]).find((i) => i.resourceId === game.id);
      assert.equal((await req('POST', `/api/v1/me/invitations/${invitation!.id}/accept`, coHost)).statusCode, 204);
      const seenByCoHost = await roster(game.id, coHost);
      assert.deepEqual(seenByCoHost.find((row) => row.userId === player.id)?.contactMethods, pat.contactMethods, 'an accepted co-host sees them too');
    });

    it('a join request carries the level the requester set for the activity (null when none)', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 72, { joinPolicy: 'APPROVAL' }));
      const [leveled, unleveled] = [await onboardedUser(t.app, 'Lee Level'), await onboardedUser(t.app, 'Una Unset')];
      const stated = await req('PUT', '/api/v1/me', leveled, { skillLevels: [{ activityId: t.sport.activityId, skillLevelId: t.sport.levels.intermediate }] });
      assert.equal(stated.statusCode, 200, stated.body);
      const asked = await req('POST', `/api/v1/games/${game.id}/join-requests`, leveled, { message: 'Weekly player' });
      assert.equal(asked.statusCode, 201, asked.body);
      assert.deepEqual(asked.json().data.skillLevel, { id: t.sport.levels.intermediate, name: 'Intermediate' });
      assert.equal((await req('POST', `/api/v1/games/${game.id}/join-requests`, unleveled, {})).statusCode, 201);
      const listed = await req('GET', `/api/v1/games/${game.id}/join-requests`, t.host);
      const levels = (listed.json().data.content as { name: string; skillLevel: { name: string } | null }[]).map((r) => [r.name, r.skillLevel?.name ?? null]);
      assert.deepEqual(levels, [
        ['Lee Level', 'Intermediate'],
        ['Una Unset', null],
      ]);
    });
  });
}
