import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { backends, realBackend, type Backend } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser, type Sport } from '../../../../test/helpers/games.ts';
import { PrivatePgBouncer } from '../../../../test/helpers/pgbouncer.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../../test/helpers/users.ts';

interface Listed {
  userId: string;
  status: string;
  joinedAt: string;
}

/** One app, a one-place game with one player in it, and what clients see of its participants. */
async function oneSlotGame(t: TestApp, clock: TestClock, name: string) {
  const admin = await createUser(t.app, { admin: true });
  const sport: Sport = await createSport(t.app, admin, { name });
  const host: TestUser = await onboardedUser(t.app, 'Host');
  const game = await createGame(t.app, host, gameBody(sport, clock.now(), 72, { slots: 1 }));
  const first = await createUser(t.app);
  assert.equal((await join(t, game.id, first)).statusCode, 201);
  const list = async () => (await t.app.inject({ url: `/api/v1/games/${game.id}/participants`, headers: host.auth })).json().data as Listed[];
  return { gameId: game.id, first, list };
}

/** A join, sent at once (inject alone waits to be awaited). */
const join = async (t: TestApp, gameId: string, user: TestUser) =>
  await t.app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/participants`, headers: user.auth });

/**
 * The place a leaver frees goes to the waiting player with the earliest joinedAt clients saw, and
 * the participants list is in joinedAt order.
 */
async function assertOneOrder(t: TestApp, game: Awaited<ReturnType<typeof oneSlotGame>>) {
  const before = await game.list();
  const joinedAt = before.map((p) => p.joinedAt);
  assert.deepEqual(joinedAt, [...joinedAt].sort(), 'the participants list is in joinedAt order');
  assert.equal(new Set(joinedAt).size, joinedAt.length, 'no two players share a joinedAt');
  const earliestWaiting = before.filter((p) => p.status === 'WAITLISTED').sort((a, b) => a.joinedAt.localeCompare(b.joinedAt))[0]!;

  const left = await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${game.gameId}/participants/me`, headers: game.first.auth });
  assert.equal(left.statusCode, 204);

  const promoted = (await game.list()).filter((p) => p.status === 'ACTIVE').map((p) => p.userId);
  assert.deepEqual(promoted, [earliestWaiting.userId], 'the waiting player with the earliest joinedAt took the place');
}

const start = new Date('2031-03-03T08:00:00Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

for (const backend of backends) {
  describe(`the waitlist's order is the order clients see (${backend.name})`, () => {
    let t: TestApp;
    const clock = new TestClock(start);
    before(async () => (t = await buildTestApp(backend, {}, { clock })));
    after(() => t.close());

    it('two instances whose clocks disagree: the later join shows the later joinedAt, and the earlier one is promoted', async () => {
      const game = await oneSlotGame(t, clock, 'Squash');
      const [early, late] = [await createUser(t.app), await createUser(t.app)];
      clock.set(at(10));
      assert.equal((await join(t, game.gameId, early)).json().data.status, 'WAITLISTED');
      // The next join is served by an instance whose clock is 5 s behind.
      clock.set(at(5));
      const second = (await join(t, game.gameId, late)).json().data;
      assert.equal(second.status, 'WAITLISTED');
      assert.ok(second.joinedAt > at(10).toISOString(), 'the second join is shown after the first');

      await assertOneOrder(t, game);
    });
  });
}

/** Waits until `count` statements of the database wait for a lock (the joins queued behind the test's, at their locking read of the game). */
async function lockWaiters(client: pg.Client, count: number) {
  for (let tries = 0; tries < 500; tries++) {
    // The statistics are a snapshot per transaction, and this client holds one open.
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%from "games"%for update%'`,
    );
    if (rows[0]!.n >= count) return;
    await sleep(10);
  }
  assert.fail(`${count} joins never queued for the game's lock`);
}

/**
 * Concurrent joins queue for the game's row lock; the queue is the order the lock is taken. Here
 * the clock goes back between the two queueing (two instances whose clocks disagree), and the
 * order shown must still be the queue's.
 */
function concurrentJoins(name: string, connect: (backend: Backend) => Promise<{ backend: Backend; env: Record<string, string>; close(): Promise<void> }>) {
  describe(`the waitlist's order under concurrent joins (${name})`, { skip: realBackend ? false : 'needs TEST_DATABASE_URL and TEST_REDIS_URL' }, () => {
    let t: TestApp;
    let client: pg.Client;
    let topology: Awaited<ReturnType<typeof connect>>;
    const clock = new TestClock(start);

    before(async () => {
      topology = await connect(realBackend!);
      t = await buildTestApp(topology.backend, topology.env, { clock });
      client = new pg.Client({ connectionString: t.config.database.directUrl ?? t.config.databaseUrl });
      await client.connect();
    });
    after(async () => {
      await client?.end();
      await t?.close();
      await topology?.close();
    });

    it('the player promoted is the waiting one with the earliest joinedAt shown, and the list is in that order', async () => {
      const game = await oneSlotGame(t, clock, 'Squash');
      const [queuedFirst, queuedSecond] = [await createUser(t.app), await createUser(t.app)];

      await client.query('BEGIN');
      await client.query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [game.gameId]);
      clock.set(at(10));
      const first = join(t, game.gameId, queuedFirst);
      await lockWaiters(client, 1);
      clock.set(at(5));
      const second = join(t, game.gameId, queuedSecond);
      await lockWaiters(client, 2);
      await client.query('COMMIT');

      const answers = [(await first).json().data, (await second).json().data];
      assert.deepEqual(
        answers.map((a) => a.status),
        ['WAITLISTED', 'WAITLISTED'],
      );
      assert.ok(answers[0].joinedAt < answers[1].joinedAt, 'the join that queued first is shown first');
      await assertOneOrder(t, game);
    });
  });
}

concurrentJoins('PostgreSQL', async (backend) => ({ backend, env: {}, close: async () => undefined }));

const pgbouncerInstalled = spawnSync('pgbouncer', ['--version']).status === 0;
if (pgbouncerInstalled) {
  concurrentJoins('PostgreSQL through PgBouncer', async (backend) => {
    const database = await backend.freshDatabase();
    const url = new URL(database.url);
    const bouncer = await PrivatePgBouncer.start({ pgPort: Number(url.port || 5432), poolSize: 4 });
    const pooled: Backend = { ...backend, freshDatabase: async () => ({ url: bouncer.url(url.pathname.slice(1)), drop: async () => undefined }) };
    return {
      backend: pooled,
      env: { DATABASE_DIRECT_URL: database.url },
      async close() {
        await bouncer.close();
        await database.drop();
      },
    };
  });
}
