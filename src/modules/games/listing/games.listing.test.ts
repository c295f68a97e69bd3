import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createSport, createVenue, gameBody, onboardedUser, type Game, type Sport } from '../../../../test/helpers/games.ts';
import { assertProblem } from '../../../../test/helpers/problem.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { createUser } from '../../../../test/helpers/users.ts';

const ZONE = 'Asia/Singapore';
const localDate = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
const localTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const byStart = (a: Game, b: Game) => (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

for (const backend of backends) {
  describe(`games listing (${backend.name})`, () => {
    let t: TestApp;
    const clock = new TestClock(new Date('2031-05-01T00:00:00Z'));
    const games: Game[] = [];
    let a: Sport;
    let b: Sport;
    let farVenue: string;

    before(async () => {
      t = await buildTestApp(backend, { RATE_LIMIT_PUBLIC_ANON: '100000' }, { clock });
      const admin = await createUser(t.app, { admin: true });
      a = await createSport(t.app, admin, { name: 'Badminton', latitude: 1.3, longitude: 103.8 });
      b = await createSport(t.app, admin, { name: 'Tennis', latitude: 1.35, longitude: 103.95 });
      farVenue = await createVenue(t.app, admin, { name: 'North Hall', activityIds: [a.activityId], latitude: 1.45, longitude: 103.82 });
      const organisers = await Promise.all(Array.from({ length: 10 }, (_, i) => onboardedUser(t.app, `Host ${i}`)));
      const base = clock.now();
      // Ten organisers start at the same instants, so (startTime, id) ties are common.
      for (let g = 0; g < 250; g += 1) {
        const sport = g % 2 ? b : a;
        const slot = Math.floor(g / 10);
        const levels = [sport.levels.beginner, sport.levels.intermediate, sport.levels.advanced];
        const from = g % 3;
        const body = gameBody(sport, base, 1 + slot * 7 + (g % 10 === 9 ? 0.5 : 0), {
          venueId: sport === a && (g >> 1) % 2 ? farVenue : sport.venueId,
          gameType: g % 4 < 2 ? 'SINGLE' : 'DOUBLE',
          skillLevelFromId: levels[from],
          skillLevelToId: levels[Math.max(from, (g >> 2) % 3)],
        });
        const response = await t.app.inject({ method: 'POST', url: '/api/v1/games', headers: organisers[g % 10]!.auth, payload: body });
        assert.equal(response.statusCode, 201, response.body);
        games.push(response.json().data as Game);
      }
      // Forty hours on: the first six start instants (60 games) are past.
      clock.advance(40 * 3600);
    });
    after(() => t.close());

    const walk = async (query: string, size = 7) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response: LightMyRequestResponse = await t.app.inject({
          url: `/api/v1/games?size=${size}&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        });
        assert.equal(response.statusCode, 200, response.body);
        const data = response.json().data as { content: Game[]; nextCursor: string | null };
        assert.ok(data.content.length <= size);
        if (data.nextCursor) assert.equal(data.content.length, size, 'only the last page is short');
        seen.push(...data.content.map((g) => g.id));
        cursor = data.nextCursor;
        pages += 1;
        assert.ok(pages < 100, 'paging ends');
      } while (cursor);
      return seen;
    };
    const expect = async (query: string, keep: (g: Game) => boolean, options: { includePast?: boolean; order?: (a: Game, b: Game) => number } = {}) => {
      const now = clock.now().toISOString();
      const expected = games
        .filter((g) => (options.includePast || g.startTime >= now) && keep(g))
        .sort(options.order ?? byStart)
        .map((g) => g.id);
      assert.ok(expected.length > 0, `the filter ${query} selects something`);
      assert.deepEqual(await walk(query), expected, query);
    };

    it('visits every upcoming game exactly once in (startTime, id) order, then nextCursor is null', async () => {
      await expect('', () => true);
      assert.equal((await walk('includePast=true', 1000)).length, 250);
      await expect('includePast=true', () => true, { includePast: true });
    });

    it('pages the same way under each filter', async () => {
      await expect(`activityId=${b.activityId}`, (g) => g.activity.id === b.activityId);
      await expect(`venueIds=${farVenue}&venueIds=${b.venueId}`, (g) => g.venue.id === farVenue || g.venue.id === b.venueId);
      await expect(
        `skillLevelIds=${a.levels.intermediate}`,
        (g) => g.activity.id === a.activityId && g.skillLevel.from.sortOrder <= 2 && g.skillLevel.to.sortOrder >= 2,
      );
      await expect('gameType=DOUBLE', (g) => g.gameType === 'DOUBLE');
      const dates = [...new Set(games.map((g) => localDate(g.startTime)))].sort();
      const [fromDate, toDate] = [dates[2]!, dates[4]!];
      await expect(`fromDate=${fromDate}&toDate=${toDate}`, (g) => localDate(g.startTime) >= fromDate && localDate(g.startTime) <= toDate, {
        includePast: true,
      });
      await expect('fromTime=08:00&toTime=15:30', (g) => localTime(g.startTime) >= '08:00' && localTime(g.startTime) <= '15:30');
      await expect('lat=1.30&lng=103.80&radiusKm=5', (g) => g.venue.id === a.venueId);
      await expect(
        `lat=1.30&lng=103.80&radiusKm=30&gameType=SINGLE&activityId=${a.activityId}`,
        (g) => g.activity.id === a.activityId && g.gameType === 'SINGLE',
        // Near a centre: the nearer venue's games first.
        { order: (x, y) => Number(x.venue.id === farVenue) - Number(y.venue.id === farVenue) || byStart(x, y) },
      );
    });

    it('refuses size above 1000, a garbled cursor, a cursor under other filters, and partial geo filters', async () => {
      assertProblem(await t.app.inject({ url: '/api/v1/games?size=1001' }), 400, 'validation_failed');
      assertProblem(await t.app.inject({ url: '/api/v1/games?cursor=not-a-cursor' }), 400, 'invalid_cursor');
      const first = (await t.app.inject({ url: '/api/v1/games?size=3' })).json().data;
      assertProblem(await t.app.inject({ url: `/api/v1/games?size=3&cursor=${first.nextCursor}x` }), 400, 'invalid_cursor');
      assertProblem(await t.app.inject({ url: `/api/v1/games?size=3&gameType=SINGLE&cursor=${first.nextCursor}` }), 400, 'invalid_cursor');
      assertProblem(await t.app.inject({ url: '/api/v1/games?lat=1.3&lng=103.8' }), 400, 'validation_failed');
      assertProblem(await t.app.inject({ url: '/api/v1/games?fromTime=9:00' }), 400, 'validation_failed');
    });
  });
}
