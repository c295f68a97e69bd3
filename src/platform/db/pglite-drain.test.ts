import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { drainOnClose } from './pglite-drain.ts';

describe('closing the embedded database', () => {
  it('finishes the statements already made, refuses the ones made while it closes, and closes', async () => {
    const client = drainOnClose(new PGlite());
    await client.query('CREATE TABLE t (n int)');
    const before = [
      client.query('INSERT INTO t VALUES (1)'),
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (2)');
        await tx.query('INSERT INTO t VALUES (3)');
      }),
    ];
    const closed = client.close();
    const after = [client.query('SELECT count(*) FROM t'), client.exec('SELECT 1'), client.transaction(async () => undefined)];

    const outcomes = await Promise.allSettled([...before, closed]);
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['fulfilled', 'fulfilled', 'fulfilled'],
    );
    for (const refused of await Promise.allSettled(after)) {
      assert.equal(refused.status, 'rejected');
      assert.equal((refused.reason as { code?: string }).code, 'DB_UNAVAILABLE');
    }
    assert.equal(client.closed, true);
  });

  it('closes at once when nothing is in flight', async () => {
    const client = drainOnClose(new PGlite());
    await client.query('SELECT 1');
    await client.close();
    assert.equal(client.closed, true);
    await assert.rejects(client.query('SELECT 1'), { code: 'DB_UNAVAILABLE' });
  });
});
