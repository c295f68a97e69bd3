import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser, type Sport } from '../../../../test/helpers/games.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../../test/helpers/users.ts';
import type { DatabaseHandle } from '../../../platform/db/index.ts';
import { AuditTrail } from '../../audit/index.ts';
import { GameParticipation } from '../index.ts';
import type { GameEvents } from '../games.ports.ts';

/**
 * A join reads the game, judges the policies that need other modules, then runs one statement that
 * re-checks what it read. Here the organiser renames the game in that gap (from the no-show check,
 * the last step before the statement), so the statement finds it changed and the join starts over.
 */
for (const backend of backends) {
  describe(`a join racing the organiser's edit (${backend.name})`, () => {
    let t: TestApp;
    let database: DatabaseHandle;
    const clock = new TestClock(new Date('2031-05-05T09:00:00Z'));
    let sport: Sport;
    let host: TestUser;

    before(async () => {
      t = await buildTestApp(backend, {}, { clock, onDatabase: (handle) => (database = handle) });
      sport = await createSport(t.app, await createUser(t.app, { admin: true }), { name: 'Table tennis' });
      host = await onboardedUser(t.app, 'Host Ong');
    });
    after(() => t.close());

    /** The join service, with the organiser renaming the game `renames` times just before the statement. */
    function racingJoins(gameId: string, renames: number) {
      let renamed = 0;
      // Notification texts that carry the title the join went through with.
      const events: Pick<GameEvents, 'prepare'> = {
        prepare: async () => (title, wanted) => ({
          texts: Object.fromEntries(Object.keys(wanted).map((key) => [key, [`${key}: ${title}`, `${key}: ${title}`]])),
          minute: 600,
          windowSeconds: 0,
        }),
      };
      const participation = new GameParticipation({
        db: database.db,
        clock,
        events: events as GameEvents,
        activities: { find: async () => undefined },
        levels: { levelIn: async () => undefined },
        waitlist: { quietHours: undefined, timeZone: 'UTC' },
        audit: new AuditTrail(clock),
        recentNoShows: async () => {
          if (renamed < renames) {
            renamed++;
            await database.db.execute(sql`UPDATE games SET title = ${`Renamed ${renamed}`} WHERE id = ${gameId}`);
          }
          return 0;
        },
      });
      return { participation, renamed: () => renamed };
    }

    const participants = async (gameId: string) =>
      (await t.app.inject({ url: `/api/v1/games/${gameId}/participants`, headers: host.auth })).json().data as Array<{ userId: string }>;

    it('judges the game again and joins it as it now is', async () => {
      const game = await createGame(t.app, host, gameBody(sport, clock.now(), 48, { title: 'Morning rally', maxRecentNoShows: 3 }));
      const player = await onboardedUser(t.app, 'Player Tan');
      const { participation, renamed } = racingJoins(game.id, 2);

      const joined = await participation.join(player.id, game.id);

      assert.equal(joined.status, 'ACTIVE');
      assert.equal(renamed(), 2, 'the first two statements found the game changed');
      assert.ok((await participants(game.id)).some((p) => p.userId === player.id));
      const told = (await t.app.inject({ url: '/api/v1/notifications', headers: host.auth })).json().data.content as Array<{ title: string }>;
      assert.deepEqual(
        told.map((n) => n.title),
        ['joined: Renamed 2'],
        'the organiser is told once, with the title the join finally went through with',
      );
    });

    it('gives up with a conflict when the game keeps changing, and changes nothing', async () => {
      const game = await createGame(t.app, host, gameBody(sport, clock.now(), 96, { title: 'Evening rally', maxRecentNoShows: 3 }));
      const player = await onboardedUser(t.app, 'Player Lee');
      const { participation } = racingJoins(game.id, Infinity);

      await assert.rejects(participation.join(player.id, game.id), (error: { status: number; code: string; detail: string }) => {
        assert.equal(error.status, 409);
        assert.equal(error.code, 'game_not_joinable');
        assert.match(error.detail, /changed while you joined/);
        return true;
      });
      assert.ok(!(await participants(game.id)).some((p) => p.userId === player.id), 'the player did not join');
      const read = (await t.app.inject({ url: `/api/v1/games/${game.id}`, headers: host.auth })).json().data;
      assert.equal(read.playersJoined, 0, 'no place was taken');
    });
  });
}
