import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { realBackend } from '../../../test/helpers/backends.ts';
import { PrivatePgBouncer } from '../../../test/helpers/pgbouncer.ts';
import { openDatabase, type DatabaseHandle } from './index.ts';

const pgbouncerInstalled = await import('node:child_process').then(({ spawnSync }) => spawnSync('pgbouncer', ['--version']).status === 0);
const skip = !realBackend ? 'needs TEST_DATABASE_URL and TEST_REDIS_URL' : !pgbouncerInstalled ? 'needs pgbouncer (apt-get install pgbouncer)' : false;

const silent = { warn: () => undefined, info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

/** Many named statements at once, through a pool larger than PgBouncer's: every one lands on some server connection. */
async function namedStatements(handle: DatabaseHandle): Promise<unknown[]> {
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const errors: unknown[] = [];
  for (let round = 0; round < 20; round++) {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        pool.query({ name: 'topology_probe', text: 'SELECT $1::int AS n', values: [round * 8 + i] }).then(
          (result) => assert.equal(result.rows[0].n, round * 8 + i),
          (error: unknown) => errors.push(error),
        ),
      ),
    );
  }
  return errors;
}

// Debian's PgBouncer 1.18 in transaction mode: each transaction may get another server connection.
describe('the database through PgBouncer in transaction mode', { skip }, () => {
  let database: { url: string; drop(): Promise<void> };
  let bouncer: PrivatePgBouncer;
  let pooledUrl: string;
  const handles: DatabaseHandle[] = [];
  const open = async (preparedStatements: 'named' | 'unnamed') => {
    const handle = await openDatabase({ url: pooledUrl, directUrl: database.url, preparedStatements, dataDir: '', poolSize: 8 });
    handles.push(handle);
    return handle;
  };

  before(async () => {
    database = await realBackend!.freshDatabase();
    const url = new URL(database.url);
    bouncer = await PrivatePgBouncer.start({ pgPort: Number(url.port || 5432), poolSize: 2 });
    pooledUrl = bouncer.url(url.pathname.slice(1));
  });
  after(async () => {
    for (const handle of handles) await handle.close();
    await bouncer?.close();
    await database?.drop();
  });

  it('with unnamed statements, named statements written anywhere still run (their names are dropped)', async () => {
    const handle = await open('unnamed');
    assert.deepEqual(await namedStatements(handle), []);
  });

  it('named statements kept as they are fail through the pooler: the fallback is what makes them work', async () => {
    const handle = await open('named');
    const errors = await namedStatements(handle);
    assert.ok(errors.length > 0, 'a statement prepared on one server connection was executed on another');
    assert.ok(errors.every((error) => ['26000', '42P05'].includes((error as { code?: string }).code ?? '')));
  });

  it('LISTEN holds a direct connection: a NOTIFY sent through the pooler arrives', async () => {
    const handle = await open('unnamed');
    const received: Array<string | null> = [];
    const unlisten = await handle.listen('topology_signal', (payload) => received.push(payload), silent);
    try {
      await handle.db.execute(sql`SELECT pg_notify('topology_signal', 'through the pooler')`);
      for (let i = 0; i < 50 && received.length === 0; i++) await sleep(100);
      assert.deepEqual(received, ['through the pooler']);
    } finally {
      await unlisten();
    }
  });
});
