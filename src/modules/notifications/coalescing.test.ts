import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { createGame, gameBody } from '../../../test/helpers/games.ts';
import { seriesWorld } from '../../../test/helpers/series.ts';
import type { TestUser } from '../../../test/helpers/users.ts';

/**
 * Repeated acts of one actor on one person about one subject within NOTIFICATION_COALESCE_MINUTES
 * are one notification, whether the subject is a game or a series, and whether the act is written
 * by the service (invitations) or inside the join and leave statements.
 */
for (const backend of backends) {
  describe(`coalescing beyond co-hosts (${backend.name})`, () => {
    const world = seriesWorld(backend, '2033-10-03T08:00:00Z'); // a Monday

    interface Listed {
      type: string;
      resourceId: string;
      message: string;
      isRead: boolean;
    }
    const about = async (who: TestUser, resourceId: string) => {
      const response = await world.req('GET', '/api/v1/notifications?size=100', who);
      assert.equal(response.statusCode, 200, response.body);
      return (response.json().data.content as Listed[]).filter((n) => n.resourceId === resourceId);
    };
    const expect = async (method: 'POST' | 'DELETE', url: string, who: TestUser, status: number, payload?: object) => {
      const response = await world.req(method, url, who, payload);
      assert.equal(response.statusCode, status, `${method} ${url}: ${response.body}`);
    };

    it('an organiser inviting a regular, withdrawing and inviting again within the window leaves one notification; after the window, a second', async () => {
      const target = await world.user('Regina Regular');
      const series = await world.create({ weekdays: [3], startsOn: '2033-10-12', occurrenceCount: 3 });
      const regulars = `/api/v1/series/${series.id}/regulars`;
      for (let round = 0; round < 3; round++) {
        await expect('POST', regulars, world.host, 201, { userId: target.id });
        await expect('DELETE', `${regulars}/${target.id}`, world.host, 204);
      }
      await expect('POST', regulars, world.host, 201, { userId: target.id });
      const told = await about(target, series.id);
      assert.deepEqual(
        told.map((n) => [n.type, n.isRead]),
        [['SERIES_REGULAR_INVITED', false]],
        'four invitations, one notification',
      );

      // The same for a co-host invitation to the series, next to the regular one (another kind of act).
      const coHosts = `/api/v1/series/${series.id}/co-hosts`;
      await expect('POST', coHosts, world.host, 201, { userId: target.id });
      await expect('DELETE', `${coHosts}/${target.id}`, world.host, 204);
      await expect('POST', coHosts, world.host, 201, { userId: target.id });
      assert.deepEqual((await about(target, series.id)).map((n) => n.type).sort(), ['SERIES_CO_HOST_INVITED', 'SERIES_REGULAR_INVITED']);

      world.clock.advance(world.t.config.notificationCoalesceSeconds + 1);
      await world.advanceDays(0);
      await expect('DELETE', `${regulars}/${target.id}`, world.host, 204);
      await expect('POST', regulars, world.host, 201, { userId: target.id });
      assert.equal((await about(target, series.id)).filter((n) => n.type === 'SERIES_REGULAR_INVITED').length, 2, 'outside the window: told again');
    });

    it("a player's join-leave loop leaves the organiser one notification, with the newest state; another player's join is its own", async () => {
      const looper = await world.user('Lou Looper');
      const other = await world.user('Olive Other');
      const game = await createGame(world.t.app, world.host, gameBody(world.sport, world.clock.now(), 72, { title: 'Loop night' }));
      const participants = `/api/v1/games/${game.id}/participants`;
      for (let round = 0; round < 3; round++) {
        await expect('POST', participants, looper, 201);
        await expect('DELETE', `${participants}/me`, looper, 204);
      }
      const told = await about(world.host, game.id);
      assert.equal(told.length, 1, `three joins and three leaves: ${told.map((n) => n.type).join(', ')}`);
      assert.equal(told[0]!.type, 'PLAYER_LEFT', 'the newest state wins');
      assert.match(told[0]!.message, /"Lou Looper" left/);
      assert.equal(told[0]!.isRead, false);

      await expect('POST', participants, other, 201);
      assert.deepEqual(
        (await about(world.host, game.id)).map((n) => n.type),
        ['PLAYER_JOINED', 'PLAYER_LEFT'],
      );
    });
  });
}
