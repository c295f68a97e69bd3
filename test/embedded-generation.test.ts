import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { backends } from './helpers/backends.ts';
import { TestClock } from './helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser, type Game, type Sport } from './helpers/games.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { createUser, type TestUser } from './helpers/users.ts';

type Write = { kind: 'title' | 'activity' | 'venue'; name: string } | { kind: 'join' | 'leave' };

const NAME = fc.stringMatching(/^[A-Z][a-z]{2,10}$/);
const WRITE: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constantFrom('title' as const, 'activity' as const, 'venue' as const), name: NAME }),
  fc.record({ kind: fc.constantFrom('join' as const, 'leave' as const) }),
);

/**
 * A write acknowledged to a client is in the very next read, with nothing waited for between them:
 * on the embedded database the page generation lives in memory and each bump reaches it before
 * the write's answer does (local-generation.ts); on PostgreSQL it is read for each request.
 */
for (const backend of backends) {
  describe(`a write, then the read through HTTP at once (${backend.name})`, () => {
    const clock = new TestClock(new Date('2031-05-01T00:00:00Z'));
    let t: TestApp;
    let app: FastifyInstance;
    let admin: TestUser;
    let host: TestUser;
    let player: TestUser;
    let sport: Sport;
    let game: Game;

    before(async () => {
      t = await buildTestApp(backend, { RATE_LIMIT_PUBLIC_ANON: '1000000', RATE_LIMIT_WRITE: '1000000', RATE_LIMIT_PARTICIPATION: '1000000' }, { clock });
      app = t.app;
      admin = await createUser(app, { admin: true });
      host = await onboardedUser(app, 'Host');
      player = await onboardedUser(app, 'Player');
      sport = await createSport(app, admin, { name: 'Squash' });
      game = await createGame(app, host, gameBody(sport, clock.now(), 48));
    });
    after(() => t?.close());

    const ok = async (request: InjectOptions) => {
      const response = await app.inject(request);
      assert.ok(response.statusCode < 300, `${response.statusCode} ${response.body}`);
      return response;
    };
    const write = async (step: Write, joined: boolean): Promise<boolean> => {
      if (step.kind === 'title') await ok({ method: 'PUT', url: `/api/v1/games/${game.id}`, headers: host.auth, payload: { title: step.name } });
      if (step.kind === 'activity')
        await ok({ method: 'PUT', url: `/api/v1/admin/activities/${sport.activityId}`, headers: admin.auth, payload: { name: step.name } });
      if (step.kind === 'venue') await ok({ method: 'PUT', url: `/api/v1/admin/venues/${sport.venueId}`, headers: admin.auth, payload: { name: step.name } });
      if (step.kind === 'join' && !joined) await ok({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth });
      if (step.kind === 'leave' && joined) await ok({ method: 'DELETE', url: `/api/v1/games/${game.id}/participants/me`, headers: player.auth });
      return step.kind === 'join' ? true : step.kind === 'leave' ? false : joined;
    };
    const seen = async () => {
      const listed = ((await ok({ url: '/api/v1/games?size=50' })).json().data.content as Game[]).find((g) => g.id === game.id)!;
      const page = (await ok({ url: `/api/v1/games/${game.id}` })).json().data as Game;
      return { listed, page };
    };

    it('shows every acknowledged write in the listing and on the game page, with no wait', async () => {
      const expected = { title: game.title, activity: '', venue: '', players: 0 };
      const first = await seen();
      Object.assign(expected, { activity: first.page.activity.name, venue: first.page.venue.name, players: first.page.playersJoined });
      let joined = false;
      await fc.assert(
        fc.asyncProperty(fc.array(WRITE, { minLength: 1, maxLength: 6 }), async (steps) => {
          for (const step of steps) {
            // Read first, so each write is made against pages the cache holds.
            await seen();
            const before = joined;
            joined = await write(step, joined);
            if (step.kind === 'title' || step.kind === 'activity' || step.kind === 'venue') expected[step.kind] = step.name;
            expected.players += Number(joined) - Number(before);
            for (const { listed, page } of [await seen(), await seen()]) {
              for (const shown of [listed, page]) {
                assert.equal(shown.title, expected.title);
                assert.equal(shown.activity.name, expected.activity);
                assert.equal(shown.venue.name, expected.venue);
                assert.equal(shown.playersJoined, expected.players);
              }
            }
          }
        }),
        { numRuns: 25, seed: 3632 },
      );
    });
  });
}
