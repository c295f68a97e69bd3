/**
 * The reads the web app keeps for a player without signal (who they are, their games, a game and its
 * players) may be stored by that player's browser only (`private, no-cache`: asked again each time,
 * never in a shared cache); other signed-in answers, problems included, stay `private, no-store`.
 * The service worker stores nothing that says `no-store` (docs/offline.md).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from './helpers/backends.ts';
import { createGame, createSport, gameBody, onboardedUser } from './helpers/games.ts';
import { assertProblem } from './helpers/problem.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { createUser, type TestUser } from './helpers/users.ts';

for (const backend of backends) {
  describe(`offline copies of signed-in reads (${backend.name})`, () => {
    let t: TestApp;
    let host: TestUser;
    let player: TestUser;
    let gameId: string;

    before(async () => {
      t = await buildTestApp(backend);
      const sport = await createSport(t.app, await createUser(t.app, { admin: true }), { name: 'Badminton' });
      host = await onboardedUser(t.app, 'Hana Host');
      player = await onboardedUser(t.app, 'Pat Player');
      gameId = (await createGame(t.app, host, gameBody(sport, new Date(), 48))).id;
      const joined = await t.app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/participants`, headers: player.auth });
      assert.equal(joined.statusCode, 201, joined.body);
    });
    after(() => t.close());

    const get = (url: string, who: TestUser) => t.app.inject({ url, headers: who.auth });

    it("lets the player's own browser keep who they are, their games, a game and its players", async () => {
      for (const url of [
        '/api/v1/me',
        '/api/v1/me/games/joined',
        '/api/v1/me/games/hosted',
        `/api/v1/games/${gameId}/participants`,
        `/api/v1/games/${gameId}`,
      ]) {
        const response = await get(url, player);
        assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
        assert.equal(response.headers['cache-control'], 'private, no-cache', url);
        assert.match(String(response.headers.vary), /Cookie/i, url);
      }
      const mine = (await get('/api/v1/me/games/joined', player)).json().data.content as Array<{ id: string }>;
      assert.deepEqual(
        mine.map((game) => game.id),
        [gameId],
      );
    });

    it('keeps other signed-in answers and problems unstored', async () => {
      assert.equal((await get('/api/v1/notifications', player)).headers['cache-control'], 'private, no-store');
      const missing = await get('/api/v1/games/00000000-0000-4000-8000-000000000000/participants', player);
      assertProblem(missing, 404);
      assert.equal(missing.headers['cache-control'], 'private, no-store');
    });

    it('says nothing about caching to a caller who is not signed in', async () => {
      const response = await t.app.inject({ url: '/api/v1/me' });
      assertProblem(response, 401);
      assert.notEqual(response.headers['cache-control'], 'private, no-cache');
    });
  });
}
