import { randomUUID } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { systemClock, type Clock } from '../clock.ts';
import { rowsOf, type Database, type Executor } from '../db/index.ts';
import { kvEntries, kvSetMembers } from './kv.table.ts';
import type { KeyValueStore, StoreWrite } from './store.ts';

const live = (now: Date) => gt(kvEntries.expiresAt, now);
const secondsAfter = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);
/** A timestamp parameter: the store's clock dates every write, so it alone judges expiry (not the database's `now()`). */
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/**
 * The embedded store: rows in the service's own database. Every operation is one statement
 * (or one locked transaction), so it is atomic across callers and across instances that share
 * a PostgreSQL database, and it survives a restart.
 */
export class SqlStore implements KeyValueStore {
  readonly kind = 'embedded' as const;
  readonly #db: Database;
  /** The contract's tests move it to let TTLs pass; the service runs on the system clock. */
  readonly #clock: Clock;

  constructor(db: Database, clock: Clock = systemClock) {
    this.#db = db;
    this.#clock = clock;
  }

  #in(seconds: number) {
    return secondsAfter(this.#clock.now(), seconds);
  }

  async get(key: string) {
    const [row] = await this.#db
      .select({ value: kvEntries.value })
      .from(kvEntries)
      .where(and(eq(kvEntries.key, key), live(this.#clock.now())));
    return row?.value ?? null;
  }

  async set(key: string, value: string, ttlSeconds: number) {
    await setIn(this.#db, key, value, this.#in(ttlSeconds));
  }

  readonly rateLimits = { shared: false } as const;

  /** Sets only when the key is absent (or expired); true when it was set. */
  async #setIfAbsent(key: string, value: string, ttlSeconds: number) {
    const now = this.#clock.now();
    const expiresAt = secondsAfter(now, ttlSeconds);
    const rows = await this.#db
      .insert(kvEntries)
      .values({ key, value, expiresAt })
      .onConflictDoUpdate({
        target: kvEntries.key,
        set: { value, expiresAt, consumed: false, counter: 0 },
        setWhere: lte(kvEntries.expiresAt, now),
      })
      .returning({ key: kvEntries.key });
    return rows.length === 1;
  }

  async take(key: string) {
    const rows = await this.#db.delete(kvEntries).where(eq(kvEntries.key, key)).returning({ value: kvEntries.value, expiresAt: kvEntries.expiresAt });
    const row = rows[0];
    return row && row.expiresAt > this.#clock.now() ? row.value : null;
  }

  async consume(key: string) {
    // The row lock makes concurrent callers queue; each then sees the previous one's mark.
    const [row] = await rowsOf<{ value: string; consumed: boolean }>(
      this.#db,
      sql`
      WITH current AS (
        SELECT key, value, consumed FROM ${kvEntries}
        WHERE key = ${key} AND expires_at > ${at(this.#clock.now())} FOR UPDATE
      )
      UPDATE ${kvEntries} SET consumed = true FROM current
      WHERE ${kvEntries}.key = current.key
      RETURNING current.value AS value, current.consumed AS consumed`,
    );
    return row ? { value: row.value, firstUse: !row.consumed } : null;
  }

  async consumeAndWrite(key: string, unless: string, writes: StoreWrite[]) {
    // One statement: the consume's row lock queues concurrent callers, and the writes (CTEs that
    // read `allowed`) happen only for the first use while `unless` is absent.
    const now = this.#clock.now();
    const [row] = await rowsOf<{ value: string; consumed: boolean; written: boolean }>(
      this.#db,
      sql`
      WITH current AS (
        SELECT key, value, consumed FROM ${kvEntries}
        WHERE key = ${key}::text AND expires_at > ${at(now)} FOR UPDATE
      ), used AS (
        UPDATE ${kvEntries} SET consumed = true FROM current
        WHERE ${kvEntries}.key = current.key
        RETURNING current.value AS value, current.consumed AS consumed
      ), allowed AS (
        SELECT 1 FROM used
        WHERE NOT used.consumed AND NOT EXISTS (SELECT 1 FROM ${kvEntries} WHERE key = ${unless}::text AND expires_at > ${at(now)})
      )${sql.join(
        writes.map((write, index) => sql`, ${sql.raw(`w${index}`)} AS (${writeIfAllowed(write, secondsAfter(now, write.ttlSeconds))})`),
        sql``,
      )}
      SELECT value, consumed, EXISTS (SELECT 1 FROM allowed) AS written FROM used`,
    );
    return row ? { value: row.value, firstUse: !row.consumed, written: row.written } : null;
  }

  async compareAndSet(key: string, expected: string, next: string, ttlSeconds: number) {
    // One statement: the row lock queues concurrent callers, and a later one no longer finds `expected`.
    const rows = await this.#db
      .update(kvEntries)
      .set({ value: next, expiresAt: this.#in(ttlSeconds), consumed: false, counter: 0 })
      .where(and(eq(kvEntries.key, key), eq(kvEntries.value, expected), live(this.#clock.now())))
      .returning({ key: kvEntries.key });
    return rows.length === 1;
  }

  async delete(...keys: string[]) {
    for (const key of keys) {
      await this.#db.delete(kvEntries).where(eq(kvEntries.key, key));
      await this.#db.delete(kvSetMembers).where(eq(kvSetMembers.key, key));
    }
  }

  async writeAll(writes: StoreWrite[]) {
    if (writes.length === 0) return;
    // One transaction: all or none, like the Redis script (the round trips stay, this store is the slow one anyway).
    await this.#db.transaction(async (tx) => {
      for (const write of writes) {
        const expiresAt = this.#in(write.ttlSeconds);
        if (write.op === 'set') await setIn(tx, write.key, write.value, expiresAt);
        else await addToSetIn(tx, write.key, write.member, expiresAt);
      }
    });
  }

  async members(key: string) {
    const rows = await this.#db
      .select({ member: kvSetMembers.member })
      .from(kvSetMembers)
      .where(and(eq(kvSetMembers.key, key), gt(kvSetMembers.expiresAt, this.#clock.now())));
    return rows.map((row) => row.member);
  }

  async acquireLock(name: string, ttlMs: number) {
    const token = randomUUID();
    return (await this.#setIfAbsent(`lock:${name}`, token, ttlMs / 1000)) ? token : null;
  }

  async releaseLock(name: string, token: string) {
    await this.#db.delete(kvEntries).where(and(eq(kvEntries.key, `lock:${name}`), eq(kvEntries.value, token)));
  }

  /** Drops expired rows; the cleanup job calls it (Redis expires keys by itself). */
  async purgeExpired(): Promise<number> {
    const now = this.#clock.now();
    const entries = await this.#db.delete(kvEntries).where(lte(kvEntries.expiresAt, now)).returning({ key: kvEntries.key });
    const members = await this.#db.delete(kvSetMembers).where(lte(kvSetMembers.expiresAt, now)).returning({ key: kvSetMembers.key });
    return entries.length + members.length;
  }

  async ping() {
    await this.#db.execute(sql`SELECT 1 FROM ${kvEntries} LIMIT 1`);
  }

  async close() {
    // The database handle owns the connection.
  }
}

async function setIn(executor: Executor, key: string, value: string, expiresAt: Date) {
  await executor
    .insert(kvEntries)
    .values({ key, value, expiresAt })
    .onConflictDoUpdate({ target: kvEntries.key, set: { value, expiresAt, consumed: false, counter: 0 } });
}

/** Call inside a transaction: the insert and the set-wide expiry move together. */
async function addToSetIn(executor: Executor, key: string, member: string, expiresAt: Date) {
  await executor
    .insert(kvSetMembers)
    .values({ key, member, expiresAt })
    .onConflictDoUpdate({ target: [kvSetMembers.key, kvSetMembers.member], set: { expiresAt } });
  // Like Redis, the whole set lives as long as its longest-lived addition.
  await executor
    .update(kvSetMembers)
    .set({ expiresAt })
    .where(and(eq(kvSetMembers.key, key), sql`${kvSetMembers.expiresAt} < ${expiresAt}`));
}

/** One write of consumeAndWrite, as a data-modifying CTE that does nothing unless `allowed` has its row. */
function writeIfAllowed(write: StoreWrite, expiry: Date) {
  const expiresAt = at(expiry);
  if (write.op === 'set') {
    return sql`INSERT INTO ${kvEntries} (key, value, expires_at) SELECT ${write.key}::text, ${write.value}::text, ${expiresAt} FROM allowed
      ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at, consumed = false, counter = 0`;
  }
  // The new member and, like addToSetIn, the set's other members' life extended to it.
  return sql`INSERT INTO ${kvSetMembers} (key, member, expires_at)
      SELECT ${write.key}::text, ${write.member}::text, ${expiresAt} FROM allowed
      UNION ALL
      SELECT key, member, ${expiresAt} FROM ${kvSetMembers}
      WHERE key = ${write.key}::text AND member <> ${write.member}::text AND expires_at < ${expiresAt} AND EXISTS (SELECT 1 FROM allowed)
    ON CONFLICT (key, member) DO UPDATE SET expires_at = excluded.expires_at`;
}
