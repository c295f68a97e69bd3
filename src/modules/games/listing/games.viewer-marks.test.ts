import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser, type Game } from '../../../../test/helpers/games.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../../test/helpers/users.ts';
import { addCoHost } from '../../../../test/helpers/invitations.ts';

interface Viewer {
  joined: boolean;
  waitlisted: boolean;
  bookmarked: boolean;
  isOrganizer: boolean;
  isCoHost: boolean;
}

/** A signed-in page carries the viewer's own marks on each game, the same as the game's own page. */
for (const backend of backends) {
  describe(`games: the viewer's marks on listing pages (${backend.name})`, () => {
    let t: TestApp;
    const clock = new TestClock(new Date('2034-03-01T08:00:00Z'));
    let viewer: TestUser;
    let games: Record<'joined' | 'waitlisted' | 'bookmarked' | 'coHosted' | 'organised' | 'untouched', Game>;
    const req = (method: 'GET' | 'POST', url: string, who: TestUser, payload?: object) =>
      t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    const marksOn = async (url: string) => {
      const page = await req('GET', url, viewer);
      assert.equal(page.statusCode, 200, page.body);
      return new Map((page.json().data.content as Array<{ id: string; viewer: Viewer }>).map((game) => [game.id, game.viewer]));
    };
    const mark = (overrides: Partial<Viewer>): Viewer => ({
      joined: false,
      waitlisted: false,
      bookmarked: false,
      isOrganizer: false,
      isCoHost: false,
      ...overrides,
    });

    before(async () => {
      t = await buildTestApp(backend, {}, { clock });
      const admin = await createUser(t.app, { admin: true });
      const host = await onboardedUser(t.app, 'Host');
      const others = [await onboardedUser(t.app, 'Other One'), await onboardedUser(t.app, 'Other Two')];
      viewer = await onboardedUser(t.app, 'Viewer');
      const sport = await createSport(t.app, admin, { name: 'Padel' });
      const game = (who: TestUser, hours: number, overrides: Record<string, unknown> = {}) =>
        createGame(t.app, who, gameBody(sport, clock.now(), hours, overrides));
      games = {
        joined: await game(host, 30),
        waitlisted: await game(host, 40, { slots: 2 }),
        bookmarked: await game(host, 50),
        coHosted: await game(host, 60, { visibility: 'PRIVATE' }),
        organised: await game(viewer, 70),
        untouched: await game(host, 80),
      };
      assert.equal((await req('POST', `/api/v1/games/${games.joined.id}/participants`, viewer)).statusCode, 201);
      // Both places go to others first.
      for (const other of others) assert.equal((await req('POST', `/api/v1/games/${games.waitlisted.id}/participants`, other)).statusCode, 201);
      const waiting = await req('POST', `/api/v1/games/${games.waitlisted.id}/participants`, viewer);
      assert.equal(waiting.json().data.status, 'WAITLISTED', waiting.body);
      assert.equal((await req('POST', '/api/v1/game-bookmarks', viewer, { gameId: games.bookmarked.id })).statusCode, 201);
      await addCoHost(t.app, host, games.coHosted.id, viewer);
    });
    after(() => t.close());

    it("serialises a signed-in miss's page once, and keeps the reader's page weighed at the length of its JSON", async (c) => {
      const reader = await onboardedUser(t.app, 'Reader');
      const readerBytes = async () => Number(/cache_bytes\{cache="readerPages"\} (\d+)/.exec((await t.app.inject({ url: '/actuator/prometheus' })).body)![1]);
      const before = await readerBytes();
      const stringify = c.mock.method(JSON, 'stringify');
      // A page size no other test asks for: the public page and the reader's both miss.
      const page = await req('GET', '/api/v1/games?size=5', reader);
      const pages = stringify.mock.calls.filter(
        (call) => typeof call.arguments[0] === 'object' && call.arguments[0] !== null && 'content' in call.arguments[0],
      );
      stringify.mock.restore();
      assert.equal(page.statusCode, 200, page.body);
      assert.equal(pages.length, 1, 'the public page, tagged and weighed once; the reader page only as sent');
      const sent = page.json().data;
      assert.equal(sent.content.length, 5);
      assert.equal((await readerBytes()) - before, reader.id.length + JSON.stringify(sent).length + 64);
    });

    it('marks joined, waitlisted, bookmarked, co-hosted and organised games in the listing, and nothing on the rest', async () => {
      const marks = await marksOn('/api/v1/games?size=50');
      assert.deepEqual(marks.get(games.joined.id), mark({ joined: true }));
      assert.deepEqual(marks.get(games.waitlisted.id), mark({ waitlisted: true }));
      assert.deepEqual(marks.get(games.bookmarked.id), mark({ bookmarked: true }));
      assert.deepEqual(marks.get(games.coHosted.id), mark({ isCoHost: true }));
      assert.deepEqual(marks.get(games.organised.id), mark({ isOrganizer: true }));
      assert.deepEqual(marks.get(games.untouched.id), mark({}));
    });

    it('gives each game on the listing the marks its own page gives it', async () => {
      const marks = await marksOn('/api/v1/games?size=50');
      for (const [name, game] of Object.entries(games)) {
        const own = await req('GET', `/api/v1/games/${game.id}`, viewer);
        assert.deepEqual(marks.get(game.id), own.json().data.viewer, name);
      }
    });

    it('walks the same games with the same marks at every page size, the private one in its place', async () => {
      const whole = [...(await marksOn('/api/v1/games?size=50')).entries()];
      assert.ok(whole.some(([id]) => id === games.coHosted.id));
      for (const size of [1, 2, 3, 4]) {
        // Twice: the second walk meets the public pages remembered.
        for (const round of [1, 2]) {
          const walked: Array<[string, Viewer]> = [];
          for (let cursor: string | null = '', pages = 0; cursor !== null && pages < 20; pages++) {
            const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
            const page = await req('GET', `/api/v1/games?size=${size}${query}`, viewer);
            assert.equal(page.statusCode, 200, page.body);
            const { content, nextCursor } = page.json().data as { content: Array<{ id: string; viewer: Viewer }>; nextCursor: string | null };
            walked.push(...content.map((game): [string, Viewer] => [game.id, game.viewer]));
            cursor = nextCursor;
          }
          assert.deepEqual(walked, whole, `size ${size}, walk ${round}`);
        }
      }
    });

    it("marks the viewer's joined and hosted pages too", async () => {
      const joined = await marksOn('/api/v1/me/games/joined?size=50');
      assert.deepEqual(joined.get(games.joined.id), mark({ joined: true }));
      assert.deepEqual([...joined.keys()], [games.joined.id, games.waitlisted.id]);
      assert.deepEqual(joined.get(games.waitlisted.id), mark({ waitlisted: true }));
      const hosted = await marksOn('/api/v1/me/games/hosted?size=50');
      assert.deepEqual([...hosted.keys()], [games.organised.id]);
      assert.deepEqual(hosted.get(games.organised.id), mark({ isOrganizer: true }));
    });
  });
}
