import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from './helpers/backends.ts';
import { TestClock } from './helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser } from './helpers/games.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { createUser, type TestUser } from './helpers/users.ts';

/** `name{cache="x"} value` lines of the Prometheus text, by cache. */
function gaugeOf(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const match of text.matchAll(new RegExp(`^${name}\\{cache="([a-zA-Z]+)"\\} (\\d+)$`, 'gm'))) found.set(match[1]!, Number(match[2]));
  return found;
}

/**
 * Every in-process cache is bounded by its share of CACHE_MB, and the metrics endpoint says what
 * each holds: the bench reads these gauges beside the resident memory.
 */
for (const backend of backends) {
  describe(`the caches' byte budget, as the metrics endpoint reports it (${backend.name})`, () => {
    const clock = new TestClock(new Date('2031-05-01T00:00:00Z'));
    let t: TestApp;
    let readers: TestUser[];

    before(async () => {
      t = await buildTestApp(backend, { CACHE_MB: '1', RATE_LIMIT_PUBLIC_ANON: '1000000', RATE_LIMIT_PUBLIC_USER: '1000000' }, { clock });
      const admin = await createUser(t.app, { admin: true });
      const sport = await createSport(t.app, admin, { name: 'Squash' });
      const hosts = await Promise.all([1, 2, 3].map((n) => onboardedUser(t.app, `Host ${n}`)));
      for (let i = 0; i < 24; i++)
        await createGame(t.app, hosts[i % 3]!, gameBody(sport, clock.now(), 24 + 3 * i, { description: 'A long evening of games. '.repeat(20) }));
      readers = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
    });
    after(() => t?.close());

    it('keeps every cache within its share when pages far past the budget are asked for, and reports each', async () => {
      // About 40 KB a page, 60 different pages: more than twice the whole budget of 1 MB.
      for (let size = 30; size < 90; size++) {
        assert.equal((await t.app.inject({ url: `/api/v1/games?size=${size}` })).statusCode, 200);
        for (const reader of readers) assert.equal((await t.app.inject({ url: `/api/v1/games?size=${size}`, headers: reader.auth })).statusCode, 200);
      }
      const text = (await t.app.inject({ url: '/actuator/prometheus' })).body;
      const held = gaugeOf(text, 'cache_bytes');
      const budget = gaugeOf(text, 'cache_budget_bytes');
      assert.equal(budget.get('pages'), 512 * 1024, 'the pages take half of CACHE_MB');
      assert.deepEqual([...held.keys()].sort(), [...budget.keys()].sort());
      for (const [cache, bytes] of held) assert.ok(bytes <= budget.get(cache)!, `${cache}: ${bytes} bytes held, budget ${budget.get(cache)}`);
      assert.ok(held.get('pages')! > 256 * 1024, `the page cache is in use: ${held.get('pages')}`);
      for (const cache of ['readerPages', 'accessUsers', 'verifiedTokens', 'activityNames', 'skillLevels', 'venueSummaries']) {
        assert.ok(held.get(cache)! > 0, `${cache} holds something`);
      }
    });
  });
}
