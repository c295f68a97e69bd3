import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { createGame, gameBody, type Game } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`game bookmarks (${backend.name})`, () => {
    const t = appSuite(backend, { sport: 'Pickleball', host: 'Host' });

    const add = (user: TestUser, gameId: string) => t.app.inject({ method: 'POST', url: '/api/v1/game-bookmarks', headers: user.auth, payload: { gameId } });
    const list = (user: TestUser, query = '') => t.app.inject({ url: `/api/v1/game-bookmarks${query}`, headers: user.auth });

    it('bookmarks a game once (409 after), embeds the game, and marks it in the viewer block', async () => {
      const user = await createUser(t.app);
      const game = await createGame(t.app, t.host, gameBody(t.sport, new Date()));
      const first = await add(user, game.id);
      assert.equal(first.statusCode, 201);
      const data = first.json().data;
      assert.equal(data.gameId, game.id);
      assert.equal(data.game.id, game.id);
      assert.ok(!Number.isNaN(Date.parse(data.createdAt)));
      assertProblem(await add(user, game.id), 409, 'already_bookmarked');
      const seen = await t.app.inject({ url: `/api/v1/games/${game.id}`, headers: user.auth });
      assert.equal(seen.json().data.viewer.bookmarked, true);
    });

    it("lists a user's own bookmarks newest first, offset-paged", async () => {
      const user = await createUser(t.app);
      const games: Game[] = [];
      for (let i = 0; i < 3; i++) games.push(await createGame(t.app, t.host, gameBody(t.sport, new Date(), 60 + i * 5)));
      for (const game of games) assert.equal((await add(user, game.id)).statusCode, 201);
      const page = (await list(user, '?page=0&size=2')).json().data;
      assert.deepEqual(page.page, { number: 0, size: 2, totalElements: 3, totalPages: 2 });
      assert.deepEqual(
        page.content.map((b: { gameId: string }) => b.gameId),
        [games[2]!.id, games[1]!.id],
      );
      const rest = (await list(user, '?page=1&size=2')).json().data;
      assert.deepEqual(
        rest.content.map((b: { gameId: string }) => b.gameId),
        [games[0]!.id],
      );
      const other = await createUser(t.app);
      assert.equal((await list(other)).json().data.page.totalElements, 0, "nobody sees another's bookmarks");
    });

    it('deletes idempotently with 204', async () => {
      const user = await createUser(t.app);
      const game = await createGame(t.app, t.host, gameBody(t.sport, new Date(), 150));
      await add(user, game.id);
      for (let i = 0; i < 2; i++) {
        const response = await t.app.inject({ method: 'DELETE', url: `/api/v1/game-bookmarks/${game.id}`, headers: user.auth });
        assert.equal(response.statusCode, 204);
        assert.equal(response.body, '');
      }
      assert.equal((await list(user)).json().data.page.totalElements, 0);
    });

    it('answers 404 for a game the caller cannot see, and for an unknown one', async () => {
      const hidden = await createGame(t.app, t.host, gameBody(t.sport, new Date(), 200, { visibility: 'PRIVATE' }));
      const user = await createUser(t.app);
      assertProblem(await add(user, hidden.id), 404);
      assertProblem(await add(user, '00000000-0000-4000-8000-000000000000'), 404);
      assert.equal((await list(user)).json().data.page.totalElements, 0);
    });

    it('forgets bookmarks of a hard-deleted game', async () => {
      const user = await createUser(t.app);
      const game = await createGame(t.app, t.host, gameBody(t.sport, new Date(), 250));
      await add(user, game.id);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${game.id}/hard`, headers: t.host.auth })).statusCode, 204);
      assert.equal((await list(user)).json().data.page.totalElements, 0);
      assertProblem(await t.app.inject({ url: `/api/v1/share-links/${game.shareLink!.code}` }), 404);
    });
  });
}
