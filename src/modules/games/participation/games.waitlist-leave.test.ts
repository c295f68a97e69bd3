import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, gameBody } from '../../../../test/helpers/games.ts';
import { assertProblem } from '../../../../test/helpers/problem.ts';
import { appSuite } from '../../../../test/helpers/suite.ts';
import { createUser, type TestUser } from '../../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`leaving within 24 hours of the start (${backend.name})`, () => {
    const clock = new TestClock(new Date('2031-07-07T01:00:00Z'));

    const t = appSuite(backend, { overrides: { clock }, sport: 'Squash', host: 'Host Lim' });

    const join = (who: TestUser, id: string) => t.app.inject({ method: 'POST', url: `/api/v1/games/${id}/participants`, headers: who.auth });
    const leave = (who: TestUser, id: string) => t.app.inject({ method: 'DELETE', url: `/api/v1/games/${id}/participants/me`, headers: who.auth });

    it('refuses a player with a place, but lets a waitlisted player leave the waitlist at any time', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 12, { slots: 1 }));
      const [playing, waiting] = [await createUser(t.app), await createUser(t.app)];
      assert.equal((await join(playing, game.id)).json().data.status, 'ACTIVE');
      assert.equal((await join(waiting, game.id)).json().data.status, 'WAITLISTED');

      assertProblem(await leave(playing, game.id), 409, 'leave_window_closed');
      assert.equal((await leave(waiting, game.id)).statusCode, 204);

      const after = (await t.app.inject({ url: `/api/v1/games/${game.id}`, headers: t.host.auth })).json().data;
      assert.equal(after.playersJoined, 1, 'the player with a place is still in');
      assert.equal(after.waitlisted, 0);
      const players = (await t.app.inject({ url: `/api/v1/games/${game.id}/participants`, headers: t.host.auth })).json().data as Array<{ userId: string }>;
      assert.ok(!players.some((p) => p.userId === waiting.id), 'the waitlisted player is gone');
    });
  });
}
