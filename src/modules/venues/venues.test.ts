import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';
import { destination, haversineKm } from '../../../test/helpers/geo.ts';

interface Venue {
  id: string;
  sourceId: string | null;
  name: string;
  address: string;
  postalCode: string | null;
  latitude: number;
  longitude: number;
  activityIds: string[];
  stations: Array<{ name: string; lines: Array<{ code: string; name: string; color: string | null; stationNumber: number }> }>;
  distanceKm?: number;
}

interface Page {
  content: Venue[];
  page: { number: number; size: number; totalElements: number; totalPages: number };
}

for (const backend of backends) {
  describe(`venues (${backend.name})`, () => {
    let badminton: string;
    let pickleball: string;

    const t = appSuite(backend, { env: { RATE_LIMIT_PUBLIC_ANON: '100000' }, admin: true });
    before(async () => {
      const activity = async (name: string) =>
        (await t.app.inject({ method: 'POST', url: '/api/v1/admin/activities', headers: t.admin.auth, payload: { name } })).json().data.id as string;
      badminton = await activity('Badminton');
      pickleball = await activity('Pickleball');
    });

    const create = (payload: object, who: TestUser = t.admin) => t.app.inject({ method: 'POST', url: '/api/v1/admin/venues', headers: who.auth, payload });
    /** A valid venue; a test names only the fields its assertions read. */
    const venueBody = (fields: object = {}) => ({ name: 'A Hall', address: '1 Some Road', latitude: 1.3, longitude: 103.8, activityIds: [], ...fields });
    const createOk = async (payload: object) => {
      const response = await create(payload);
      assert.equal(response.statusCode, 201, response.body);
      return response.json().data as Venue;
    };
    const list = async (query: string) => {
      const response = await t.app.inject({ url: `/api/v1/venues?${query}` });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as Page;
    };

    describe('writes and shape', () => {
      it('creates a venue with its activities, stations and their lines', async () => {
        const venue = await createOk({
          sourceId: 'shape-1',
          name: ' Paya Lebar Hall ',
          address: '1 Paya Lebar Road',
          postalCode: '409051',
          latitude: 1.3177,
          longitude: 103.8926,
          activityIds: [badminton, pickleball],
          stations: [
            { code: 'EW8', name: 'Paya Lebar' },
            { code: 'CC9', name: 'Paya Lebar', color: '#FA9E0D' },
            { code: 'XY12', name: 'Nowhere Halt', color: '#123456' },
          ],
        });
        assert.equal(venue.name, 'Paya Lebar Hall');
        assert.deepEqual(new Set(venue.activityIds), new Set([badminton, pickleball]));
        assert.deepEqual(venue.stations, [
          {
            name: 'Paya Lebar',
            lines: [
              { code: 'CC', name: 'Circle Line', color: '#FA9E0D', stationNumber: 9 },
              { code: 'EW', name: 'East-West Line', color: '#009645', stationNumber: 8 },
            ],
          },
          { name: 'Nowhere Halt', lines: [{ code: 'XY', name: 'XY Line', color: '#123456', stationNumber: 12 }] },
        ]);
        assert.equal(venue.distanceKm, undefined);
      });

      it('shares stations by name between venues', async () => {
        const other = await createOk({
          name: 'Eunos Court',
          address: '2 Eunos Road',
          latitude: 1.3196,
          longitude: 103.9033,
          activityIds: [],
          stations: [
            { code: 'EW8', name: 'paya lebar' },
            { code: 'EW7', name: 'Eunos' },
          ],
        });
        assert.deepEqual(
          other.stations.map((s) => s.name),
          ['Paya Lebar', 'Eunos'],
        );
        assert.deepEqual(
          other.stations[0]!.lines.map((l) => `${l.code}${l.stationNumber}`),
          ['CC9', 'EW8'],
        );
      });

      it('refuses bad bodies with errors per field, an unknown activity, and a taken sourceId; writes nothing', async () => {
        const before = (await list('size=1')).page.totalElements;
        const problem = assertProblem(
          await create({ name: '', address: 'x', latitude: 91, longitude: 103.8, activityIds: ['nope'], stations: [{ code: 'E-8', name: 'X' }] }),
          400,
          'validation_failed',
        );
        assert.deepEqual(problem.errors.map((e: { field: string }) => e.field).sort(), ['activityIds[0]', 'latitude', 'name', 'stations[0].code']);
        const unknown = assertProblem(
          await create({ name: 'A', address: 'B', latitude: 1, longitude: 1, activityIds: [badminton, '00000000-0000-4000-8000-000000000000'] }),
          400,
          'validation_failed',
        );
        assert.deepEqual(unknown.errors, [{ field: 'activityIds[1]', location: 'body', message: 'is not a known activity' }]);
        assertProblem(await create(venueBody({ sourceId: 'shape-1' })), 409, 'venue_already_exists');
        assert.equal((await list('size=1')).page.totalElements, before);
      });

      it('patches a venue: present fields replace, absent stay, null clears', async () => {
        const venue = await createOk(
          venueBody({ sourceId: 'patch-1', postalCode: '123456', activityIds: [badminton], stations: [{ code: 'NS1', name: 'Jurong East' }] }),
        );
        const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/v1/admin/venues/${venue.id}`, headers: t.admin.auth, payload });
        const renamed = await put({ name: 'New Name', postalCode: null, activityIds: [pickleball] });
        assert.equal(renamed.statusCode, 200, renamed.body);
        const data = renamed.json().data as Venue;
        assert.deepEqual({ ...data, stations: undefined }, { ...venue, name: 'New Name', postalCode: null, activityIds: [pickleball], stations: undefined });
        assert.deepEqual(
          data.stations.map((s) => s.name),
          ['Jurong East'],
        );
        assert.deepEqual((await put({ stations: [] })).json().data.stations, []);
        assertProblem(await put({ sourceId: 'shape-1' }), 409, 'venue_already_exists');
        assertProblem(await put({ latitude: 'north' }), 400, 'validation_failed');
        assertProblem(
          await t.app.inject({
            method: 'PUT',
            url: '/api/v1/admin/venues/00000000-0000-4000-8000-000000000000',
            headers: t.admin.auth,
            payload: { name: 'X' },
          }),
          404,
          'venue_not_found',
        );
      });

      it('soft-deletes: the venue leaves the list, its sourceId is free again, a second delete is 404', async () => {
        const venue = await createOk(venueBody({ sourceId: 'gone-1', name: 'Vanishing Hall' }));
        const remove = () => t.app.inject({ method: 'DELETE', url: `/api/v1/admin/venues/${venue.id}`, headers: t.admin.auth });
        assert.equal((await remove()).statusCode, 204);
        assert.equal((await list('q=vanishing')).page.totalElements, 0);
        assertProblem(await remove(), 404, 'venue_not_found');
        await createOk(venueBody({ sourceId: 'gone-1', name: 'Vanishing Hall' }));
      });

      it('keeps venue writes for admins', async () => {
        const user = await createUser(t.app);
        assertProblem(await create(venueBody(), user), 403, 'forbidden');
        assertProblem(await t.app.inject({ method: 'DELETE', url: '/api/v1/admin/venues/00000000-0000-4000-8000-000000000000', headers: user.auth }), 403);
      });
    });

    describe('search', () => {
      const centre = { lat: 1.3521, lng: 103.8198 };
      const placed: Array<{ id: string; km: number }> = [];

      before(async () => {
        // Distances stay clear of the 5 km edge so rounding cannot decide; 6 km at 45° lies
        // inside the bounding box but outside the circle.
        const spots: Array<[number, number]> = [
          [0.3, 0],
          [1.2, 90],
          [2.5, 200],
          [3.1, 315],
          [4.4, 135],
          [4.9, 270],
          [5.1, 0],
          [6, 45],
          [6.5, 225],
          [12, 100],
          [30, 10],
        ];
        for (const [i, [km, bearing]] of spots.entries()) {
          const at = destination(centre, km, bearing);
          const venue = await createOk({
            name: `Radius Venue ${String(i).padStart(2, '0')}`,
            address: `${i} Circle Road`,
            latitude: at.lat,
            longitude: at.lng,
            activityIds: i % 2 ? [pickleball] : [badminton],
          });
          placed.push({ id: venue.id, km: haversineKm(centre, at) });
        }
      });

      it('returns exactly the venues inside the radius, nearest first, with their distance', async () => {
        const page = await list(`lat=${centre.lat}&lng=${centre.lng}&radiusKm=5&size=100`);
        const ours = page.content.filter((v) => placed.some((p) => p.id === v.id));
        const expected = placed.filter((p) => p.km <= 5).sort((a, b) => a.km - b.km);
        assert.deepEqual(
          ours.map((v) => v.id),
          expected.map((p) => p.id),
        );
        for (const venue of page.content) {
          const km = haversineKm(centre, { lat: venue.latitude, lng: venue.longitude });
          assert.ok(km <= 5, `${venue.name} is ${km} km away`);
          assert.ok(Math.abs(venue.distanceKm! - km) < 0.001, `${venue.name}: ${venue.distanceKm} vs ${km}`);
        }
        const distances = page.content.map((v) => v.distanceKm!);
        assert.deepEqual(
          distances,
          [...distances].sort((a, b) => a - b),
        );
        assert.equal(page.page.totalElements, page.content.length);
      });

      it('pages a radius search and combines it with the activity filter', async () => {
        const all = await list(`lat=${centre.lat}&lng=${centre.lng}&radiusKm=50&size=100`);
        const second = await list(`lat=${centre.lat}&lng=${centre.lng}&radiusKm=50&page=1&size=3`);
        assert.deepEqual(
          second.content.map((v) => v.id),
          all.content.slice(3, 6).map((v) => v.id),
        );
        const pickle = await list(`lat=${centre.lat}&lng=${centre.lng}&radiusKm=50&activityId=${pickleball}&size=100`);
        assert.ok(pickle.content.length > 0);
        assert.ok(pickle.content.every((v) => v.activityIds.includes(pickleball)));
        assert.deepEqual(
          pickle.content.map((v) => v.id),
          all.content.filter((v) => v.activityIds.includes(pickleball)).map((v) => v.id),
        );
      });

      it('matches q against name and address in any case, and filters by activity', async () => {
        assert.deepEqual(
          (await list('q=radius venue 03')).content.map((v) => v.name),
          ['Radius Venue 03'],
        );
        assert.deepEqual(
          (await list('q=7 CIRCLE road')).content.map((v) => v.name),
          ['Radius Venue 07'],
        );
        assert.equal((await list('q=_adius%25')).page.totalElements, 0, 'LIKE wildcards are matched literally');
        const byActivity = await list(`activityId=${badminton}&q=radius&size=100`);
        assert.deepEqual(
          byActivity.content.map((v) => v.name),
          ['Radius Venue 00', 'Radius Venue 02', 'Radius Venue 04', 'Radius Venue 06', 'Radius Venue 08', 'Radius Venue 10'],
        );
      });

      it('answers anonymously with offset pages: page=0,size=2 and past the end', async () => {
        const total = (await list('size=1')).page.totalElements;
        const first = await list('page=0&size=2');
        assert.equal(first.content.length, 2);
        assert.deepEqual(first.page, { number: 0, size: 2, totalElements: total, totalPages: Math.ceil(total / 2) });
        const past = await list('page=999&size=2');
        assert.deepEqual(past, { content: [], page: { number: 999, size: 2, totalElements: total, totalPages: Math.ceil(total / 2) } });
      });

      it('wants lat, lng and radiusKm together, and radiusKm of at most 50', async () => {
        const missing = assertProblem(await t.app.inject({ url: '/api/v1/venues?lat=1.3' }), 400, 'validation_failed');
        assert.deepEqual(
          missing.errors.map((e: { field: string; location: string }) => `${e.location}:${e.field}`),
          ['query:lng', 'query:radiusKm'],
        );
        const tooFar = assertProblem(await t.app.inject({ url: '/api/v1/venues?lat=1.3&lng=103.8&radiusKm=51' }), 400, 'validation_failed');
        assert.deepEqual(
          tooFar.errors.map((e: { field: string }) => e.field),
          ['radiusKm'],
        );
        assertProblem(await t.app.inject({ url: '/api/v1/venues?lat=91&lng=103.8&radiusKm=5' }), 400, 'validation_failed');
        assertProblem(await t.app.inject({ url: '/api/v1/venues?lat=1&lng=1&radiusKm=0' }), 400, 'validation_failed');
      });

      it('searches near a pole and across the antimeridian without losing venues', async () => {
        const north = await createOk({ name: 'Polar Hut', address: 'North', latitude: 89.99, longitude: 10, activityIds: [] });
        const east = await createOk({ name: 'Date Line East', address: 'Fiji', latitude: -17, longitude: 179.99, activityIds: [] });
        const west = await createOk({ name: 'Date Line West', address: 'Samoa', latitude: -17, longitude: -179.99, activityIds: [] });
        assert.deepEqual(
          (await list('lat=89.99&lng=-170&radiusKm=10')).content.map((v) => v.id),
          [north.id],
        );
        assert.deepEqual(new Set((await list('lat=-17&lng=180&radiusKm=5')).content.map((v) => v.id)), new Set([east.id, west.id]));
      });
    });
  });
}
