import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config/index.ts';
import { realBackend } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../../../../test/helpers/games.ts';
import { freePort, raceJob, startServer, stopServers, STARTUP_WAIT_MS, waitHealthy } from '../../../../test/helpers/server-process.ts';
import { INTERNAL_SECRET } from '../../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../../test/helpers/users.ts';

const HOUR = 3_600_000;

describe('waitlist offers across two server processes', { skip: !realBackend && 'needs PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL)' }, () => {
  it('expires each run-out offer exactly once while both processes run the job at the same time', async () => {
    const database = await realBackend!.freshDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-offers-'));
    // The offers are made by an in-process instance whose clock stands four hours back: their two
    // hours have run out by the real clock the two processes read. No quiet hours, whatever the time of day.
    const clock = new TestClock(new Date(Date.now() - 4 * HOUR));
    const env = { WAITLIST_OFFER_QUIET_HOURS: 'off', INTERNAL_SECRET, JOBS_ENABLED: 'false', DATABASE_URL: database.url, DATA_DIR: dataDir };
    const setup = await buildApp(
      loadConfig({ ...env, APP_PROFILE: 'test', LOG_LEVEL: 'silent', REDIS_URL: realBackend!.redisUrl, AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true' }),
      { clock, storeKeyPrefix: `t:${randomBytes(6).toString('hex')}:` },
    );
    await setup.ready();
    let servers: ReturnType<typeof startServer>[] = [];
    try {
      const sport = await createSport(setup, await createUser(setup, { admin: true }), { name: 'Sepak takraw' });
      const host = await onboardedUser(setup, 'Host Offers Twin');
      const games: Array<{ id: string; offered: TestUser; next: TestUser }> = [];
      for (let i = 0; i < 3; i++) {
        const game = await createGame(setup, host, gameBody(sport, clock.now(), 72 + 3 * i, { slots: 1, waitlistMode: 'OFFER' }));
        const [leaver, offered, next] = [await createUser(setup), await createUser(setup), await createUser(setup)];
        for (const who of [leaver, offered, next]) {
          const joined = await setup.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: who.auth });
          assert.equal(joined.statusCode, 201, joined.body);
        }
        const left = await setup.inject({ method: 'DELETE', url: `/api/v1/games/${game.id}/participants/me`, headers: leaver.auth });
        assert.equal(left.statusCode, 204, left.body);
        games.push({ id: game.id, offered, next });
      }

      const ports = [await freePort(), await freePort()];
      servers = ports.map((port) => startServer({ ...env, REDIS_URL: realBackend!.redisUrl!, PORT: String(port) }));
      await Promise.all(
        ports.map((port, i) =>
          waitHealthy(`http://127.0.0.1:${port}`, STARTUP_WAIT_MS).catch((error: Error) => {
            throw new Error(`${error.message}: ${servers[i]!.output().slice(-2000)}`);
          }),
        ),
      );
      const { handled, after } = await raceJob(ports, 'waitlist-offers', INTERNAL_SECRET);
      assert.equal(handled, games.length, 'every run-out offer expired once in all');
      assert.deepEqual(after, [0, 0]);

      const told = async (who: TestUser, gameId: string, type: string) => {
        const list = (await setup.inject({ url: '/api/v1/notifications?size=100', headers: who.auth })).json().data.content as Array<{
          type: string;
          resourceId: string;
        }>;
        return list.filter((n) => n.type === type && n.resourceId === gameId).length;
      };
      for (const { id, offered, next } of games) {
        const parties = (await setup.inject({ url: `/api/v1/games/${id}/participants`, headers: host.auth })).json().data as Array<{
          userId: string;
          offerExpiresAt: string | null;
        }>;
        assert.deepEqual(
          parties.map((p) => [p.userId, p.offerExpiresAt !== null]),
          [[next.id, true]],
          'the expired party is gone; the next holds the offer',
        );
        assert.equal(await told(offered, id, 'WAITLIST_OFFER_EXPIRED'), 1);
        assert.equal(await told(next, id, 'WAITLIST_OFFERED'), 1);
        const game = (await setup.inject({ url: `/api/v1/games/${id}` })).json().data as { playersJoined: number; placesOnOffer: number; waitlisted: number };
        assert.deepEqual([game.playersJoined, game.placesOnOffer, game.waitlisted], [0, 1, 1]);
      }
    } finally {
      await stopServers(servers);
      await setup.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
