import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/index.ts';
import { realBackend } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { testEnv } from '../../../test/helpers/test-app.ts';

interface Listed {
  title: string;
  startTime: string;
  organizer: { id: string };
}

// Two instances of a deployment starting at once on one fresh PostgreSQL database, sample data on.
describe('sample data loaded by two instances at once', { skip: realBackend ? false : 'needs TEST_DATABASE_URL and TEST_REDIS_URL' }, () => {
  let database: { url: string; drop(): Promise<void> };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-sample-together-'));
  const storeKeyPrefix = `t:${randomBytes(6).toString('hex')}:`;
  const clock = new TestClock(new Date('2031-06-02T01:00:00Z'));
  const apps: FastifyInstance[] = [];

  before(async () => (database = await realBackend!.freshDatabase()));
  after(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const config = loadConfig({
      ...testEnv({ dataDir, databaseUrl: database.url, redisUrl: realBackend!.redisUrl }),
      SAMPLE_GAMES: 'true',
      RATE_LIMIT_PUBLIC_ANON: '100000',
    });
    const app = await buildApp(config, { clock, storeKeyPrefix });
    apps.push(app);
    await app.ready();
    return app;
  };

  it('both start, and the activities, venues and games are there once', async () => {
    const started = await Promise.allSettled([start(), start()]);
    assert.deepEqual(
      started.map((outcome) => (outcome.status === 'fulfilled' ? 'started' : String(outcome.reason))),
      ['started', 'started'],
    );
    const [app] = apps;

    const activities = (await app!.inject({ url: '/api/v1/activities?size=100' })).json().data.content as Array<{ name: string }>;
    assert.deepEqual(activities.map((activity) => activity.name).sort(), ['Badminton', 'Pickleball']);
    const venues = (await app!.inject({ url: '/api/v1/venues?size=1' })).json().data.page.totalElements as number;
    assert.equal(venues, 26, 'the 26 sample venues, once');

    const games = (await app!.inject({ url: '/api/v1/games?size=1000' })).json().data.content as Listed[];
    assert.ok(games.length >= 24, `${games.length} public sample games`);
    const slots = games.map((game) => `${game.organizer.id} ${game.startTime}`);
    assert.equal(new Set(slots).size, slots.length, 'no organiser has two sample games at one time');
  });
});
