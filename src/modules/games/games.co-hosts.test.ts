import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser, type Sport } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`games: co-hosts (${backend.name})`, () => {
    let t: TestApp;
    const clock = new TestClock(new Date('2034-02-01T08:00:00Z'));
    let host: TestUser;
    let sport: Sport;
    let hours = 48;
    const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, payload?: object) =>
      t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
    const privateGame = async (overrides: Record<string, unknown> = {}) => {
      hours += 3;
      return createGame(t.app, host, gameBody(sport, clock.now(), hours, { visibility: 'PRIVATE', ...overrides }));
    };
    const addCoHost = (gameId: string, userId: string, who = host) => req('POST', `/api/v1/games/${gameId}/co-hosts`, who, { userId });
    const told = async (who: TestUser, gameId: string, type: string) => {
      const response = await req('GET', '/api/v1/notifications?size=100', who);
      return (response.json().data.content as Array<{ type: string; resourceId: string }>).filter((n) => n.type === type && n.resourceId === gameId).length;
    };

    before(async () => {
      t = await buildTestApp(backend, {}, { clock });
      const admin = await createUser(t.app, { admin: true });
      host = await onboardedUser(t.app, 'Host Cohen');
      sport = await createSport(t.app, admin, { name: 'Handball' });
    });
    after(() => t.close());

    it('the organiser adds a co-host, who is told, sees the private game and runs it: edit, remove players, confirm', async () => {
      const game = await privateGame({ minPlayers: 2 });
      const [coHost, player] = [await onboardedUser(t.app, 'Co Host'), await onboardedUser(t.app, 'Pia Player')];
      assertProblem(await req('GET', `/api/v1/games/${game.id}`, coHost), 404, 'game_not_found');
      const added = await addCoHost(game.id, coHost.id);
      assert.equal(added.statusCode, 201, added.body);
      assert.equal(added.json().data.userId, coHost.id);
      assert.equal(added.json().data.name, 'Co Host');
      assert.equal(await told(coHost, game.id, 'CO_HOST_ADDED'), 1);
      const listed = await req('GET', `/api/v1/games/${game.id}/co-hosts`, coHost);
      assert.deepEqual(
        listed.json().data.map((c: { userId: string }) => c.userId),
        [coHost.id],
      );
      const seen = await req('GET', `/api/v1/games/${game.id}`, coHost);
      assert.equal(seen.statusCode, 200);
      assert.equal(seen.json().data.viewer.isCoHost, true);
      assert.equal(seen.json().data.viewer.isOrganizer, false);
      assert.ok((await req('GET', '/api/v1/games?size=100', coHost)).body.includes(game.id), 'listed for the co-host');
      assert.equal((await req('GET', `/api/v1/games/${game.id}/participants`, coHost)).statusCode, 200);

      // The player reaches the private game through its share link.
      assert.equal((await req('GET', `/api/v1/share-links/${game.shareLink!.code}`, player)).statusCode, 200);
      assert.equal((await req('POST', `/api/v1/games/${game.id}/participants`, player)).statusCode, 201);
      const edited = await req('PUT', `/api/v1/games/${game.id}`, coHost, { title: 'Run by the co-host' });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(await told(host, game.id, 'GAME_UPDATED'), 1, 'the organiser hears of a co-host’s edit');
      assert.equal((await req('POST', `/api/v1/games/${game.id}/confirm`, coHost)).json().data.confirmed, true);
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/participants/${player.id}`, coHost)).statusCode, 204);
      assert.equal(await told(player, game.id, 'PLAYER_REMOVED'), 1);
    });

    it('only the organiser cancels, deletes or changes co-hosts; a co-host gets 404 like anyone', async () => {
      const game = await privateGame();
      const [coHost, other] = [await onboardedUser(t.app, 'Cody'), await onboardedUser(t.app, 'Otto')];
      assert.equal((await addCoHost(game.id, coHost.id)).statusCode, 201);
      assertProblem(await req('DELETE', `/api/v1/games/${game.id}`, coHost), 404, 'game_not_found');
      assertProblem(await req('DELETE', `/api/v1/games/${game.id}/hard`, coHost), 404, 'game_not_found');
      assertProblem(await addCoHost(game.id, other.id, coHost), 404, 'game_not_found');
      assertProblem(await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${coHost.id}`, coHost), 404, 'game_not_found');
      assertProblem(await addCoHost(game.id, other.id, other), 404, 'game_not_found');
      assertProblem(await req('GET', `/api/v1/games/${game.id}/co-hosts`, other), 404, 'game_not_found');
      assertProblem(await req('PUT', `/api/v1/games/${game.id}`, other, { title: 'x' }), 404, 'game_not_found');
      assert.equal((await req('GET', `/api/v1/games/${game.id}`, host)).json().data.status, 'SCHEDULED');
    });

    it('refuses an unknown user, the organiser, a second time and a sixth co-host (even when raced)', async () => {
      const game = await privateGame();
      assertProblem(await addCoHost(game.id, '00000000-0000-4000-8000-000000000001'), 400, 'validation_failed');
      assertProblem(await addCoHost(game.id, host.id), 409, 'co_host_is_organizer');
      const candidates: TestUser[] = [];
      for (let i = 0; i < 10; i++) candidates.push(await onboardedUser(t.app, `Candidate ${i}`));
      const responses = await Promise.all(candidates.map((who) => addCoHost(game.id, who.id)));
      assert.equal(responses.filter((r) => r.statusCode === 201).length, 5);
      for (const r of responses.filter((r) => r.statusCode !== 201)) assertProblem(r, 409, 'co_host_limit');
      const first = candidates.find((_, i) => responses[i]!.statusCode === 201)!;
      assertProblem(await addCoHost(game.id, first.id), 409, 'co_host_limit');
      assert.equal((await req('GET', `/api/v1/games/${game.id}/co-hosts`, host)).json().data.length, 5);
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${first.id}`, host)).statusCode, 204);
      assert.equal((await addCoHost(game.id, candidates.find((_, i) => responses[i]!.statusCode !== 201)!.id)).statusCode, 201);
      const again = candidates.find((c) => c.id !== first.id && responses[candidates.indexOf(c)]!.statusCode === 201)!;
      assertProblem(await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${first.id}`, host), 404, 'co_host_not_found');
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${again.id}`, host)).statusCode, 204);
      assert.equal((await addCoHost(game.id, again.id)).statusCode, 201);
      assertProblem(await addCoHost(game.id, again.id), 409, 'co_host_limit');
    });

    it('a removed co-host is told and loses the private game; a duplicate add is 409 already_co_host', async () => {
      const game = await privateGame();
      const coHost = await onboardedUser(t.app, 'Gone Soon');
      assert.equal((await addCoHost(game.id, coHost.id)).statusCode, 201);
      assertProblem(await addCoHost(game.id, coHost.id), 409, 'already_co_host');
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${coHost.id}`, host)).statusCode, 204);
      assert.equal(await told(coHost, game.id, 'CO_HOST_REMOVED'), 1);
      assertProblem(await req('GET', `/api/v1/games/${game.id}`, coHost), 404, 'game_not_found');
      assertProblem(await req('PUT', `/api/v1/games/${game.id}`, coHost, { title: 'x' }), 404, 'game_not_found');
    });
  });
}
