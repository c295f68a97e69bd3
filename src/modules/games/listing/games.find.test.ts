import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, createVenue, gameBody, onboardedUser, type Game, type Sport } from '../../../../test/helpers/games.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../../test/helpers/users.ts';

/** What a player finding a game notices: the level filter reads ranges, a near listing says how far and goes nearest first. */
for (const backend of backends) {
  describe(`finding games (${backend.name})`, () => {
    let t: TestApp;
    const clock = new TestClock(new Date('2031-05-01T00:00:00Z'));
    let sport: Sport;
    let levels: Record<string, string>;
    let host: TestUser;

    before(async () => {
      t = await buildTestApp(backend, {}, { clock });
      const admin = await createUser(t.app, { admin: true });
      const ladder = ['Beginner', 'Low Intermediate', 'Intermediate', 'Advanced'].map((name, index) => ({ name, sortOrder: (index + 1) * 10 }));
      const activity = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/activities',
        headers: admin.auth,
        payload: { name: 'Squash', skillLevels: ladder },
      });
      assert.equal(activity.statusCode, 201, activity.body);
      const data = activity.json().data as { id: string; skillLevels: Array<{ id: string; name: string }> };
      levels = Object.fromEntries(data.skillLevels.map((level) => [level.name, level.id]));
      // Centre (1.30, 103.80); the venues lie about 1.1 km, 5.6 km and 3.3 km away, created in another order.
      const near = await createVenue(t.app, admin, { name: 'Near Court', activityIds: [data.id], latitude: 1.31, longitude: 103.8 });
      const far = await createVenue(t.app, admin, { name: 'Far Court', activityIds: [data.id], latitude: 1.35, longitude: 103.8 });
      const middle = await createVenue(t.app, admin, { name: 'Middle Court', activityIds: [data.id], latitude: 1.3, longitude: 103.83 });
      sport = { activityId: data.id, venueId: near, levels: { beginner: levels.Beginner!, intermediate: levels.Intermediate!, advanced: levels.Advanced! } };
      host = await onboardedUser(t.app, 'Hana');
      const game = (venueId: string, hours: number, from: string, to: string, title: string, price = '8.5') =>
        createGame(t.app, host, gameBody(sport, clock.now(), hours, { venueId, skillLevelFromId: levels[from], skillLevelToId: levels[to], title, price }));
      // Earlier games at farther venues, so nearest-first differs from soonest-first.
      await game(far, 10, 'Beginner', 'Intermediate', 'Far early');
      await game(middle, 20, 'Intermediate', 'Advanced', 'Middle');
      await game(near, 30, 'Advanced', 'Advanced', 'Near late', '0');
      await game(near, 25, 'Beginner', 'Low Intermediate', 'Near early');
    });
    after(() => t.close());

    const titles = async (query: string, auth?: Record<string, string>) => {
      const response = await t.app.inject({ url: `/api/v1/games?${query}`, headers: auth });
      assert.equal(response.statusCode, 200, response.body);
      return (response.json().data as { content: Array<Game & { title: string; distanceMeters?: number }> }).content;
    };

    it('finds a game by any level inside its range, by the ladder order, and not by a level outside it', async () => {
      const names = async (level: string) => (await titles(`skillLevelIds=${levels[level]}`)).map((game) => game.title).sort();
      assert.deepEqual(await names('Low Intermediate'), ['Far early', 'Near early']);
      assert.deepEqual(await names('Advanced'), ['Middle', 'Near late']);
      assert.deepEqual(await names('Intermediate'), ['Far early', 'Middle']);
      const both = (await titles(`skillLevelIds=${levels.Beginner}&skillLevelIds=${levels.Advanced}`)).map((game) => game.title).sort();
      assert.deepEqual(both, ['Far early', 'Middle', 'Near early', 'Near late']);
    });

    it('finds games up to a price, free ones with 0', async () => {
      assert.deepEqual(
        (await titles('maxPrice=0')).map((game) => game.title),
        ['Near late'],
      );
      assert.equal((await titles('maxPrice=8.50')).length, 4);
      assert.equal((await titles('maxPrice=8.49')).length, 1);
      // A cursor belongs to its price ceiling like to any other filter.
      const first = (await t.app.inject({ url: '/api/v1/games?size=1&maxPrice=9' })).json().data as { nextCursor: string };
      const other = await t.app.inject({ url: `/api/v1/games?size=1&maxPrice=0&cursor=${encodeURIComponent(first.nextCursor)}` });
      assert.equal(other.statusCode, 400);
      assert.equal(other.json().code, 'invalid_cursor');
    });

    it('lists games near a centre nearest venue first, each with its distance, on every page and for a signed-in viewer', async () => {
      for (const auth of [undefined, host.auth]) {
        const all = await titles('lat=1.30&lng=103.80&radiusKm=10', auth);
        assert.deepEqual(
          all.map((game) => game.title),
          ['Near early', 'Near late', 'Middle', 'Far early'],
        );
        const metres = all.map((game) => game.distanceMeters!);
        assert.ok(Math.abs(metres[0]! - 1112) < 10 && Math.abs(metres[2]! - 3336) < 10 && Math.abs(metres[3]! - 5560) < 10, String(metres));
        const seen: string[] = [];
        let cursor = '';
        do {
          const response = await t.app.inject({
            url: `/api/v1/games?lat=1.30&lng=103.80&radiusKm=10&size=1${cursor && `&cursor=${encodeURIComponent(cursor)}`}`,
            headers: auth,
          });
          const page = response.json().data as { content: Array<{ title: string }>; nextCursor: string | null };
          seen.push(...page.content.map((game) => game.title));
          cursor = page.nextCursor ?? '';
        } while (cursor);
        assert.deepEqual(seen, ['Near early', 'Near late', 'Middle', 'Far early']);
      }
      assert.equal(
        (await titles('')).some((game) => 'distanceMeters' in game),
        false,
        'no centre, no distance',
      );
      assert.deepEqual(
        (await titles('')).map((game) => game.title),
        ['Far early', 'Middle', 'Near early', 'Near late'],
      );
    });
  });
}
