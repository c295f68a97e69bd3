import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { buildTestCluster } from '../../../../test/helpers/cluster.ts';
import { createGame, createSport, createVenue, gameBody, onboardedUser, type Game, type Sport } from '../../../../test/helpers/games.ts';
import { buildTestApp } from '../../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../../test/helpers/users.ts';
import { addCoHost } from '../../../../test/helpers/invitations.ts';

/**
 * Anonymous pages are served from memory; a write on one instance is never followed by a stale
 * read on another. On PostgreSQL the writer and the reader are two instances sharing the database;
 * the embedded database has one instance, which is both.
 */
for (const backend of backends) {
  describe(`public pages after a write (${backend.name})`, () => {
    const clock = new TestClock(new Date('2031-05-01T00:00:00Z'));
    let writer: FastifyInstance;
    let reader: FastifyInstance;
    let close: () => Promise<void>;
    let admin: TestUser;
    let host: TestUser;
    let sport: Sport;
    let game: Game;

    const list = async () => (await reader.inject({ url: '/api/v1/games?size=50' })).json().data.content as Game[];
    const one = async (id: string) => reader.inject({ url: `/api/v1/games/${id}` });
    const options = async () => (await reader.inject({ url: `/api/v1/games/filter-options?activityId=${sport.activityId}` })).json().data;
    // Read everything twice, so the next read would be a cache hit if nothing had changed.
    const warm = async () => {
      for (let i = 0; i < 2; i++) await Promise.all([list(), one(game.id), options()]);
    };

    before(async () => {
      const env = { RATE_LIMIT_PUBLIC_ANON: '100000' };
      if (backend.redisUrl) {
        const cluster = await buildTestCluster(backend, 2, env, { clock });
        [writer, reader] = cluster.apps as [FastifyInstance, FastifyInstance];
        close = () => cluster.close();
      } else {
        const t = await buildTestApp(backend, env, { clock });
        writer = reader = t.app;
        close = () => t.close();
      }
      admin = await createUser(writer, { admin: true });
      host = await onboardedUser(writer, 'Host');
      sport = await createSport(writer, admin, { name: 'Squash' });
      game = await createGame(writer, host, gameBody(sport, clock.now(), 24));
    });
    after(() => close());

    it('shows an edit at once in the listing and on the game page', async () => {
      await warm();
      assert.equal((await list()).find((g) => g.id === game.id)?.title, 'Friendly game');
      const edit = await writer.inject({ method: 'PUT', url: `/api/v1/games/${game.id}`, headers: host.auth, payload: { title: 'Evening ladder' } });
      assert.equal(edit.statusCode, 200, edit.body);
      assert.equal((await list()).find((g) => g.id === game.id)?.title, 'Evening ladder');
      assert.equal((await one(game.id)).json().data.title, 'Evening ladder');
    });

    it('answers If-None-Match with 304 until the page changes, on every instance', async () => {
      const first = await writer.inject({ url: `/api/v1/games/${game.id}` });
      const etag = first.headers.etag as string;
      assert.match(etag, /^"[^"]+"$/);
      const unchanged = await reader.inject({ url: `/api/v1/games/${game.id}`, headers: { 'if-none-match': etag } });
      assert.equal(unchanged.statusCode, 304);
      assert.equal(unchanged.body, '');
      const listed = await reader.inject({ url: '/api/v1/games?size=50' });
      assert.equal((await reader.inject({ url: '/api/v1/games?size=50', headers: { 'if-none-match': listed.headers.etag as string } })).statusCode, 304);
      const edit = await writer.inject({ method: 'PUT', url: `/api/v1/games/${game.id}`, headers: host.auth, payload: { description: 'Bring a towel' } });
      assert.equal(edit.statusCode, 200, edit.body);
      const changed = await reader.inject({ url: `/api/v1/games/${game.id}`, headers: { 'if-none-match': etag } });
      assert.equal(changed.statusCode, 200);
      assert.notEqual(changed.headers.etag, etag);
      assert.equal(changed.json().data.description, 'Bring a towel');
    });

    it('shows a join and a leave at once', async () => {
      const player = await onboardedUser(writer, 'Player');
      await warm();
      const join = await writer.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth });
      assert.equal(join.statusCode, 201, join.body);
      assert.equal((await one(game.id)).json().data.playersJoined, 1);
      assert.equal((await list()).find((g) => g.id === game.id)?.playersJoined, 1);
      await warm();
      const leave = await writer.inject({ method: 'DELETE', url: `/api/v1/games/${game.id}/participants/me`, headers: player.auth });
      assert.equal(leave.statusCode, 204, leave.body);
      assert.equal((await one(game.id)).json().data.playersJoined, 0);
    });

    it('shows a new venue in the filter options and a new game in the listing at once', async () => {
      await warm();
      const venueId = await createVenue(writer, admin, { name: 'Harbour Courts', activityIds: [sport.activityId] });
      const second = await createGame(writer, host, gameBody({ ...sport, venueId }, clock.now(), 30));
      const venues = (await options()).venues as Array<{ id: string; name: string }>;
      assert.ok(venues.some((v) => v.id === venueId && v.name === 'Harbour Courts'));
      assert.ok((await list()).some((g) => g.id === second.id));
    });

    it("shows an admin's renaming of the venue and the activity at once, though each instance keeps their names in memory", async () => {
      const rename = async (what: 'venues' | 'activities', id: string, name: string) => {
        const response = await writer.inject({ method: 'PUT', url: `/api/v1/admin/${what}/${id}`, headers: admin.auth, payload: { name } });
        assert.equal(response.statusCode, 200, response.body);
      };
      await warm();
      await rename('venues', sport.venueId, 'Riverside Hall');
      const listed = (await list()).find((g) => g.id === game.id);
      assert.equal(listed?.venue.name, 'Riverside Hall');
      assert.equal((await one(game.id)).json().data.venue.name, 'Riverside Hall');
      await warm();
      await rename('activities', sport.activityId, 'Hardball squash');
      assert.equal((await list()).find((g) => g.id === game.id)?.activity.name, 'Hardball squash');
      assert.equal((await one(game.id)).json().data.activity.name, 'Hardball squash');
    });

    it('answers 404 at once for a deleted game, and shows a cancellation at once', async () => {
      const doomed = await createGame(writer, host, gameBody(sport, clock.now(), 40));
      await warm();
      assert.equal((await one(doomed.id)).statusCode, 200);
      const cancel = await writer.inject({ method: 'DELETE', url: `/api/v1/games/${doomed.id}`, headers: host.auth });
      assert.equal(cancel.statusCode, 204, cancel.body);
      const after = await one(doomed.id);
      assert.ok(after.statusCode === 404 || after.json().data.status === 'CANCELLED', after.body);
      assert.notEqual((await list()).find((g) => g.id === doomed.id)?.status, 'OPEN');
    });

    it('sends the same response from memory as it did when it read the database', async () => {
      const urls = ['/api/v1/games?size=50&gameType=DOUBLE', `/api/v1/games/${game.id}`, `/api/v1/games/filter-options?activityId=${sport.activityId}`];
      const edit = await writer.inject({ method: 'PUT', url: `/api/v1/games/${game.id}`, headers: host.auth, payload: { title: 'Cache check' } });
      assert.equal(edit.statusCode, 200, edit.body);
      for (const url of urls) {
        const [miss, hit] = [await reader.inject({ url }), await reader.inject({ url })];
        assert.equal(hit.statusCode, 200, hit.body);
        assert.equal(hit.headers['content-type'], miss.headers['content-type']);
        assert.equal(hit.headers.etag, miss.headers.etag);
        const [missed, served] = [miss.json(), hit.json()];
        assert.match(served.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        assert.deepEqual({ ...served, timestamp: missed.timestamp }, missed);
        assert.equal(served.path, url.split('?')[0]);
      }
      assert.equal((await reader.inject({ url: urls[1]! })).json().data.title, 'Cache check');
    });

    it("shows a signed-in reader's own bookmark, co-hosting and share access at once, though their marks are remembered", async () => {
      const viewer = await onboardedUser(writer, 'Viewer');
      const hidden = await createGame(writer, host, gameBody(sport, clock.now(), 36, { visibility: 'PRIVATE' }));
      const mine = async () => {
        // Twice: the second read meets the page and the reader's marks remembered.
        await reader.inject({ url: '/api/v1/games?size=50', headers: viewer.auth });
        const page = await reader.inject({ url: '/api/v1/games?size=50', headers: viewer.auth });
        assert.equal(page.statusCode, 200, page.body);
        return page.json().data.content as Array<Game & { viewer: { bookmarked: boolean; isCoHost: boolean } }>;
      };
      const write = async (method: 'POST' | 'DELETE' | 'GET', url: string, who: TestUser, status: number, payload?: object) => {
        const response = await writer.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
        assert.equal(response.statusCode, status, response.body);
      };
      assert.equal((await mine()).find((g) => g.id === game.id)?.viewer.bookmarked, false);
      await write('POST', '/api/v1/game-bookmarks', viewer, 201, { gameId: game.id });
      assert.equal((await mine()).find((g) => g.id === game.id)?.viewer.bookmarked, true);
      await write('DELETE', `/api/v1/game-bookmarks/${game.id}`, viewer, 204);
      assert.equal((await mine()).find((g) => g.id === game.id)?.viewer.bookmarked, false);
      await addCoHost(writer, host, game.id, viewer);
      assert.equal((await mine()).find((g) => g.id === game.id)?.viewer.isCoHost, true);
      assert.equal(
        (await mine()).find((g) => g.id === hidden.id),
        undefined,
      );
      await write('GET', `/api/v1/share-links/${hidden.shareLink!.code}`, viewer, 200);
      assert.ok(
        (await mine()).some((g) => g.id === hidden.id),
        'share access shows the private game',
      );
    });

    it("sends a signed-in reader's remembered page as it first sent it, with no entity tag", async () => {
      const viewer = await onboardedUser(writer, 'Second Viewer');
      const bookmark = await writer.inject({ method: 'POST', url: '/api/v1/game-bookmarks', headers: viewer.auth, payload: { gameId: game.id } });
      assert.equal(bookmark.statusCode, 201, bookmark.body);
      const url = '/api/v1/games?size=50';
      const [first, again] = [await reader.inject({ url, headers: viewer.auth }), await reader.inject({ url, headers: viewer.auth })];
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(again.headers.etag, undefined);
      assert.equal(again.headers['content-type'], first.headers['content-type']);
      const [sent, resent] = [first.json(), again.json()];
      assert.deepEqual({ ...resent, timestamp: sent.timestamp }, sent);
      assert.equal(resent.data.content.find((g: { id: string }) => g.id === game.id)?.viewer.bookmarked, true);
      const anonymous = (await reader.inject({ url })).json().data.content as Array<{ viewer?: unknown }>;
      assert.ok(
        anonymous.every((g) => g.viewer === undefined),
        "the reader's marks stay out of the public page",
      );
    });

    it('moves a game to STARTED when the clock passes its start, with no write', async () => {
      await warm();
      assert.notEqual((await one(game.id)).json().data.status, 'STARTED');
      clock.set(new Date(Date.parse(game.startTime) + 60_000));
      assert.equal((await one(game.id)).json().data.status, 'STARTED');
      assert.equal(
        (await list()).find((g) => g.id === game.id),
        undefined,
        'a started game is no longer upcoming',
      );
    });
  });
}
