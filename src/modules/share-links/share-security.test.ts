import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { createGame, gameBody, onboardedUser, type Game } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';
import { SHARE_CODE } from './share-code.ts';

for (const backend of backends) {
  describe(`share link security (${backend.name})`, () => {
    const logged: string[] = [];

    const t = appSuite(backend, {
      env: { LOG_LEVEL: 'info' },
      overrides: { logStream: { write: (line) => logged.push(line) } },
      sport: 'Badminton',
      host: 'Host',
    });

    let slot = 0;
    const privateGame = () => createGame(t.app, t.host, gameBody(t.sport, new Date(), 48 + 3 * slot++, { visibility: 'PRIVATE' }));
    const resolve = (code: string, user?: TestUser) => t.app.inject({ url: `/api/v1/share-links/${code}`, headers: user?.auth ?? {} });
    const view = (game: Game, user: TestUser) => t.app.inject({ url: `/api/v1/games/${game.id}`, headers: user.auth });
    const join = (game: Game, user: TestUser) => t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: user.auth });
    const rotate = (game: Game, user: TestUser) =>
      t.app.inject({ method: 'POST', url: '/api/v1/share-links/rotate', headers: user.auth, payload: { resourceType: 'GAME', resourceId: game.id } });

    it('masks share codes in request logs, as it masks tokens', async () => {
      const game = await privateGame();
      const code = game.shareLink!.code;
      assert.equal((await resolve(code)).statusCode, 200);
      assert.equal((await t.app.inject({ url: `/games/${code}` })).statusCode, 200);
      const lines = logged.filter((line) => line.includes('"url"'));
      assert.ok(
        lines.some((line) => line.includes('/api/v1/share-links/[REDACTED]')),
        'the resolve is logged, masked',
      );
      assert.ok(
        lines.some((line) => line.includes('/games/[REDACTED]')),
        'the page is logged, masked',
      );
      assert.ok(!logged.some((line) => line.includes(code)), 'the code is in no log line');
    });

    it('removing a player drops the share access they gained, and no link of the game lets them back in', async () => {
      const game = await privateGame();
      const player = await onboardedUser(t.app);
      assert.equal((await resolve(game.shareLink!.code, player)).statusCode, 200);
      assert.equal((await join(game, player)).statusCode, 201);
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${game.id}/participants/${player.id}`, headers: t.host.auth });
      assert.equal(removed.statusCode, 204);
      assertProblem(await view(game, player), 404, 'game_not_found');
      assertProblem(await join(game, player), 404, 'game_not_found');
      // The old link does not let them back in, nor does a new one; to them it is an unknown code.
      assertProblem(await resolve(game.shareLink!.code, player), 404, 'share_link_not_found');
      assertProblem(await join(game, player), 404, 'game_not_found');
      const rotated = (await rotate(game, t.host)).json().data.code as string;
      assertProblem(await resolve(rotated, player), 404, 'share_link_not_found');
      assertProblem(await view(game, player), 404, 'game_not_found');
      assert.equal((await resolve(rotated)).statusCode, 200, 'the link still works for everyone else');
      // A player who left on their own keeps theirs (only the organiser's removal takes it).
      const leaver = await onboardedUser(t.app);
      assert.equal((await resolve(rotated, leaver)).statusCode, 200);
      assert.equal((await join(game, leaver)).statusCode, 201);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${game.id}/participants/me`, headers: leaver.auth })).statusCode, 204);
      assert.equal((await view(game, leaver)).statusCode, 200);
    });

    it('lets the organiser rotate the code: the old link is 404, the new one works, and old share access ends', async () => {
      const game = await privateGame();
      const oldCode = game.shareLink!.code;
      const player = await onboardedUser(t.app);
      const onlooker = await onboardedUser(t.app);
      await resolve(oldCode, player);
      assert.equal((await join(game, player)).statusCode, 201);
      await resolve(oldCode, onlooker);
      assert.equal((await view(game, onlooker)).statusCode, 200);

      const response = await rotate(game, t.host);
      assert.equal(response.statusCode, 200);
      // A signed-in answer, private like every other (docs/conventions.md), not a token answer's bare no-store.
      assert.equal(response.headers['cache-control'], 'private, no-store');
      const link = response.json().data;
      assert.match(link.code, SHARE_CODE);
      assert.notEqual(link.code, oldCode);
      assert.equal(link.shareUrl, `http://localhost:8080/games/${link.code}`);
      assert.equal(link.resourceId, game.id);

      assertProblem(await resolve(oldCode, onlooker), 404, 'share_link_not_found');
      assert.equal((await t.app.inject({ url: `/games/${oldCode}` })).statusCode, 404);
      assertProblem(await view(game, onlooker), 404, 'game_not_found');
      assert.equal((await view(game, player)).statusCode, 200, 'players keep their places');
      assert.equal((await resolve(link.code, onlooker)).statusCode, 200);
      assert.equal((await view(game, onlooker)).statusCode, 200);
      const shown = await t.app.inject({
        method: 'POST',
        url: '/api/v1/share-links',
        headers: t.host.auth,
        payload: { resourceType: 'GAME', resourceId: game.id },
      });
      assert.equal(shown.json().data.code, link.code);
    });

    it('answers a player, a stranger or an unknown game 404 and leaves the code alone; a bad body is 400', async () => {
      const game = await privateGame();
      const player = await onboardedUser(t.app);
      await resolve(game.shareLink!.code, player);
      await join(game, player);
      for (const caller of [player, await createUser(t.app)]) assertProblem(await rotate(game, caller), 404, 'game_not_found');
      assertProblem(await rotate({ ...game, id: '00000000-0000-4000-8000-000000000000' }, t.host), 404, 'game_not_found');
      assert.equal((await resolve(game.shareLink!.code)).statusCode, 200, 'the code still works');
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/v1/share-links/rotate',
        headers: t.host.auth,
        payload: { resourceType: 'VENUE', resourceId: 'x' },
      });
      assertProblem(bad, 400, 'validation_failed');
      assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/share-links/rotate', payload: { resourceType: 'GAME', resourceId: game.id } }), 401);
    });
  });
}
