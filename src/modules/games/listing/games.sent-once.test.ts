import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import type { TSchema } from 'typebox';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser, type Sport } from '../../../../test/helpers/games.ts';
import { buildTestApp } from '../../../../test/helpers/test-app.ts';
import { createUser } from '../../../../test/helpers/users.ts';
import { CursorPage } from '../../../platform/http/pagination.ts';
import { GameSchema } from '../games.schemas.ts';

/** What a route with `schema` as its 200 answer would send for `value`: Fastify's own serialiser of that schema. */
async function schemaSerialiser(schema: TSchema): Promise<{ serialise(value: unknown): Promise<string>; close(): Promise<void> }> {
  const app = Fastify();
  let value: unknown;
  app.get('/', { schema: { response: { 200: schema } } }, async () => value);
  await app.ready();
  return {
    serialise: async (next) => {
      value = next;
      return (await app.inject({ url: '/' })).body;
    },
    close: () => app.close(),
  };
}

const omitViewer = ({ viewer: _viewer, ...game }: { viewer?: unknown }) => game;

/** The bytes of `data` in an envelope as sent, cut out of the body (the envelope's other fields follow it). */
function dataBytes(body: string): string {
  const head = '{"success":true,"data":';
  assert.ok(body.startsWith(head), body.slice(0, 80));
  return body.slice(head.length, body.lastIndexOf(',"message":'));
}

/**
 * An anonymous listing or game that misses the page cache is serialised once: the cache's JSON of it
 * is what the route sends, and its entity tag is of those bytes. They must be what the route's
 * response schema would send for it, so nothing outside the schema reaches a client.
 */
for (const backend of backends) {
  describe(`an anonymous miss sent as the cache's JSON (${backend.name})`, () => {
    const clock = new TestClock(new Date('2031-05-01T00:00:00Z'));
    let t: Awaited<ReturnType<typeof buildTestApp>>;
    let sport: Sport;
    let gameId: string;
    const serialisers: Array<Awaited<ReturnType<typeof schemaSerialiser>>> = [];

    before(async () => {
      t = await buildTestApp(backend, { RATE_LIMIT_PUBLIC_ANON: '100000' }, { clock });
      const admin = await createUser(t.app, { admin: true });
      const host = await onboardedUser(t.app, 'Host');
      sport = await createSport(t.app, admin, { name: 'Badminton', latitude: 1.3, longitude: 103.8 });
      // Games with what a page can hold: no description, a quorum (decision time), a free game, a single.
      gameId = (await createGame(t.app, host, gameBody(sport, clock.now(), 24))).id;
      await createGame(t.app, host, gameBody(sport, clock.now(), 30, { description: undefined, minPlayers: 3, decisionHoursBefore: 6 }));
      await createGame(t.app, host, gameBody(sport, clock.now(), 50, { price: '0', gameType: 'SINGLE', slots: 2 }));
    });
    after(async () => {
      for (const serialiser of serialisers) await serialiser.close();
      await t.close();
    });

    const urls = () =>
      [
        ['/api/v1/games?size=20', CursorPage(GameSchema)],
        ['/api/v1/games?size=2', CursorPage(GameSchema)],
        // Near a centre each game carries its distance.
        ['/api/v1/games?size=20&lat=1.3&lng=103.8&radiusKm=5', CursorPage(GameSchema)],
        [`/api/v1/games/${gameId}`, GameSchema],
      ] as const;

    it("sends exactly what the response schema's serialiser makes of the page, tagged by those bytes, on a miss and on a hit", async () => {
      for (const [url, schema] of urls()) {
        const serialiser = await schemaSerialiser(schema);
        serialisers.push(serialiser);
        const [miss, hit] = [await t.app.inject({ url }), await t.app.inject({ url })];
        assert.equal(miss.statusCode, 200, miss.body);
        const sent = dataBytes(miss.body);
        assert.equal(dataBytes(hit.body), sent, `${url}: a hit sends the miss's bytes`);
        assert.equal(miss.headers.etag, `"${createHash('sha256').update(sent).digest('base64url').slice(0, 27)}"`, url);
        assert.equal(hit.headers.etag, miss.headers.etag);
        const value: unknown = JSON.parse(sent);
        // The schema's serialiser keeps only the schema's fields and coerces to its types: nothing dropped, nothing changed.
        assert.deepEqual(JSON.parse(await serialiser.serialise(value)), value, url);
      }
    });

    it("shows each game of a listing page (whose rows its repository reads by hand) as the game's own page shows it", async () => {
      const host = await onboardedUser(t.app, 'Second Host');
      const viewer = await onboardedUser(t.app, 'Viewer');
      const changed = await createGame(t.app, host, gameBody(sport, clock.now(), 60, { minPlayers: 2, maxRecentNoShows: 2 }));
      // A material change (a higher price) sets materially_changed_at: leaveFreeUntil shows it.
      const edit = await t.app.inject({ method: 'PUT', url: `/api/v1/games/${changed.id}`, headers: host.auth, payload: { price: '12.25' } });
      assert.equal(edit.statusCode, 200, edit.body);
      for (const headers of [{}, viewer.auth]) {
        const page = (await t.app.inject({ url: '/api/v1/games?size=20', headers })).json().data.content as Array<{ id: string }>;
        assert.equal(page.length, 4);
        assert.ok(page.some((game) => game.id === changed.id));
        for (const listed of page) {
          // Read signed in, a game is read by id (not from the page cache) through Drizzle's own mapping.
          const { viewerPlace, ...own } = (await t.app.inject({ url: `/api/v1/games/${listed.id}`, headers: viewer.auth })).json().data;
          assert.ok(viewerPlace);
          assert.deepEqual(listed, 'viewer' in listed ? own : omitViewer(own));
        }
      }
      assert.notEqual(((await t.app.inject({ url: `/api/v1/games/${changed.id}` })).json().data as { leaveFreeUntil: string | null }).leaveFreeUntil, null);
    });

    it('sends pages with something on them (the comparison above compares games, not empty pages)', async () => {
      const page = (await t.app.inject({ url: '/api/v1/games?size=20&lat=1.3&lng=103.8&radiusKm=5' })).json().data;
      assert.ok(page.content.length >= 3);
      assert.ok(page.content.every((game: { distanceMeters?: number }) => typeof game.distanceMeters === 'number'));
      assert.ok(page.content.some((game: { decisionAt: string | null }) => game.decisionAt !== null));
      assert.notEqual((await t.app.inject({ url: '/api/v1/games?size=2' })).json().data.nextCursor, null);
    });
  });
}
