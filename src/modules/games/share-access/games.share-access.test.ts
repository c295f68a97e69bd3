import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, gameBody, onboardedUser } from '../../../../test/helpers/games.ts';
import { assertProblem } from '../../../../test/helpers/problem.ts';
import { appSuite } from '../../../../test/helpers/suite.ts';
import { runJob } from '../../../../test/helpers/test-app.ts';
import { createUser, mintTokens, type TestUser } from '../../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`share access expiry (${backend.name})`, () => {
    const clock = new TestClock(new Date('2032-01-05T02:00:00Z'));

    const t = appSuite(backend, { overrides: { clock }, sport: 'Shared ball' });

    const fresh = async (...users: TestUser[]) => {
      for (const user of users) user.auth = { authorization: `Bearer ${(await mintTokens(t.app, user.id)).accessToken}` };
    };
    const sees = async (who: TestUser, gameId: string) => {
      const single = await t.app.inject({ url: `/api/v1/games/${gameId}`, headers: who.auth });
      const listed = (await t.app.inject({ url: '/api/v1/games?includePast=true&size=100', headers: who.auth })).json().data.content as Array<{ id: string }>;
      assert.equal(
        single.statusCode === 200,
        listed.some((game) => game.id === gameId),
        'the page and the listing agree',
      );
      if (single.statusCode !== 200) assertProblem(single, 404, 'game_not_found');
      return single.statusCode === 200;
    };

    it('lasts until the game ends plus a day, unless the user joined; resolving again after that grants nothing', async () => {
      const host = await onboardedUser(t.app, 'Host Share');
      const game = await createGame(t.app, host, gameBody(t.sport, clock.now(), 48, { visibility: 'PRIVATE', slots: 4 }));
      const end = new Date(game.endTime).getTime();
      const [viewer, joiner] = [await createUser(t.app), await createUser(t.app)];
      for (const user of [viewer, joiner]) {
        assert.equal((await t.app.inject({ url: `/api/v1/share-links/${game.shareLink!.code}`, headers: user.auth })).statusCode, 200);
      }
      assert.equal((await t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: joiner.auth })).statusCode, 201);
      assert.ok(await sees(viewer, game.id));

      clock.set(new Date(end + 24 * 3_600_000 - 1000));
      await fresh(viewer, joiner, host);
      assert.ok(await sees(viewer, game.id), 'a second before the end plus a day');

      clock.set(new Date(end + 24 * 3_600_000));
      await fresh(viewer, joiner, host);
      assert.equal(await sees(viewer, game.id), false, 'gone at the end plus a day');
      assert.ok(await sees(joiner, game.id), 'a player keeps seeing the game');
      assert.ok(await sees(host, game.id));

      assert.ok((await runJob(t.app, 'cleanup')) >= 2, 'the cleanup job removed the expired share access rows');
      assert.equal((await t.app.inject({ url: `/api/v1/share-links/${game.shareLink!.code}`, headers: viewer.auth })).statusCode, 200);
      assert.equal(await sees(viewer, game.id), false, 'resolving the link again after the game does not reopen it');
      assert.ok(await sees(joiner, game.id));
    });
  });
}
