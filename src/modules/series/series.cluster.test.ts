import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { realBackend } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { createSport, onboardedUser } from '../../../test/helpers/games.ts';
import { local, ZONE, type Occurrence } from '../../../test/helpers/series.ts';
import { processPair } from '../../../test/helpers/process-pair.ts';
import { runJobOver } from '../../../test/helpers/server-process.ts';
import { INTERNAL_SECRET } from '../../../test/helpers/test-app.ts';
import { createUser, mintTokens } from '../../../test/helpers/users.ts';

const DAY = 86_400_000;

describe('series occurrences across two server processes', { skip: !realBackend && 'needs PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL)' }, () => {
  it('opens each date exactly once while both processes run the job at the same time', async () => {
    // The series are created by an in-process instance whose clock stands three weeks back, so
    // nothing is due then; by the real clock the two processes read, two weeks of dates are.
    const realNow = Date.now();
    const clock = new TestClock(new Date(realNow - 21 * DAY));
    const pair = await processPair(realBackend!, clock, { APP_TIME_ZONE: ZONE });
    const { setup } = pair;
    try {
      const admin = await createUser(setup, { admin: true });
      const sport = await createSport(setup, admin, { name: 'Korfball' });
      const regular = await onboardedUser(setup, 'Twin Regular');
      const today = local(new Date(realNow)).slice(0, 10);
      const seriesIds: string[] = [];
      for (let i = 0; i < 3; i++) {
        // One host each: every day at its own hour, so no two dates overlap.
        const host = await onboardedUser(setup, `Twin Host ${i}`);
        const created = await setup.inject({
          method: 'POST',
          url: '/api/v1/series',
          headers: host.auth,
          payload: {
            activityId: sport.activityId,
            venueId: sport.venueId,
            skillLevelFromId: sport.levels.beginner,
            skillLevelToId: sport.levels.advanced,
            currency: 'EUR',
            price: '5',
            slots: 4,
            visibility: 'PUBLIC',
            gameType: 'DOUBLE',
            weekdays: [1, 2, 3, 4, 5, 6, 7],
            startTime: `${String(20 + i).padStart(2, '0')}:30`,
            durationMinutes: 60,
            startsOn: today,
            occurrenceCount: 40,
            openDaysAhead: 14,
          },
        });
        assert.equal(created.statusCode, 201, created.body);
        const id = created.json().data.id as string;
        // The regular opts in: one step, no invitation.
        const added = await setup.inject({ method: 'POST', url: `/api/v1/series/${id}/regulars`, headers: regular.auth, payload: { userId: regular.id } });
        assert.equal(added.statusCode, 201, added.body);
        seriesIds.push(id);
      }

      const ports = await pair.start();
      const run = (port: number) => runJobOver(`http://127.0.0.1:${port}`, 'series-occurrences', INTERNAL_SECRET);
      const rounds = await Promise.all(Array.from({ length: 20 }, (_, i) => run(ports[i % 2]!)));
      const again = await Promise.all(ports.map(run));
      assert.deepEqual(again, [0, 0], 'nothing left to open');

      clock.set(new Date(realNow));
      const auth = { authorization: `Bearer ${(await mintTokens(setup, regular.id)).accessToken}` };
      const gameIds: string[] = [];
      for (const id of seriesIds) {
        const response = await setup.inject({ url: `/api/v1/series/${id}/occurrences?size=100`, headers: auth });
        const opened = (response.json().data.content as Occurrence[]).filter((d) => d.state === 'OPENED');
        assert.ok(opened.length >= 14, `two weeks of dates opened: ${opened.length}`);
        gameIds.push(...opened.map((d) => d.gameId!));
      }
      assert.equal(
        rounds.reduce((a, b) => a + b, 0),
        gameIds.length,
        'every date opened once in all',
      );
      assert.equal(new Set(gameIds).size, gameIds.length, 'one game per date');
      const joined = await setup.inject({ url: '/api/v1/me/games/joined?size=100', headers: auth });
      assert.equal(joined.json().data.content.length, gameIds.length, 'the regular is in each game once');
      const told = await setup.inject({ url: '/api/v1/notifications?size=100', headers: auth });
      const notes = (told.json().data.content as Array<{ type: string; resourceId: string }>).filter((n) => n.type === 'SERIES_GAME_JOINED');
      assert.deepEqual(notes.map((n) => n.resourceId).sort(), [...gameIds].sort(), 'told once per game');
    } finally {
      await pair.close();
    }
  });
});
