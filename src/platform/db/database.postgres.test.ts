import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { realBackend } from '../../../test/helpers/backends.ts';
import { isUnavailable } from '../http/error-facts.ts';
import { openDatabase, type DatabaseHandle } from './index.ts';

// Found by the reliability suite (faults under load): `pg_ctlcluster … restart` while transactions
// were open ended both instances with "Unhandled 'error' event … Connection terminated unexpectedly".
describe('database pool when PostgreSQL drops connections', { skip: realBackend ? false : 'needs TEST_DATABASE_URL and TEST_REDIS_URL' }, () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let admin: pg.Client;

  before(async () => {
    database = await realBackend!.freshDatabase();
    handle = await openDatabase({ url: database.url, dataDir: '' });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  after(async () => {
    await admin.end();
    await handle.close();
    await database.drop();
  });

  it('a connection terminated inside a transaction fails that transaction as unavailable, and the process lives on', async () => {
    const transaction = handle.db.transaction(async (tx) => {
      const result = await tx.execute(sql`SELECT pg_backend_pid() AS pid`);
      const pid = (result as { rows: Array<{ pid: number }> }).rows[0]!.pid;
      // The server ends this session while the client is checked out and idle between statements.
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await sleep(200);
      await tx.execute(sql`SELECT 1`);
    });
    await assert.rejects(transaction, (error: unknown) => isUnavailable(error));
    // Without a listener on checked-out clients this test never gets here: the 'error' event is unhandled.
    await sleep(100);
  });

  it('the pool replaces the broken connection: the next statements succeed', async () => {
    for (let i = 0; i < 15; i++) await handle.ping();
    const result = await handle.db.execute(sql`SELECT 1 AS one`);
    assert.equal((result as { rows: Array<{ one: number }> }).rows[0]!.one, 1);
  });
});
