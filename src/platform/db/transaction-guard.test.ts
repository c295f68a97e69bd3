import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { realBackend } from '../../../test/helpers/backends.ts';
import { openDatabase, type DatabaseHandle } from './index.ts';
import { POOL_INSIDE_TRANSACTION } from './transaction-guard.ts';

const one = async (executor: DatabaseHandle['db']) => ((await executor.execute(sql`SELECT 1 AS one`)) as { rows: Array<{ one: number }> }).rows[0]!.one;

/** Drizzle reports the refusal as the cause of its own query error. */
const refused = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause ?? (error as { code?: string; message?: string });
  assert.equal(cause.code, POOL_INSIDE_TRANSACTION);
  assert.match(cause.message!, /use the transaction's executor/);
  return true;
};

const places: Array<{ name: string; open: () => Promise<{ handle: DatabaseHandle; drop?: () => Promise<void> }> }> = [
  { name: 'embedded', open: async () => ({ handle: await openDatabase({ url: 'memory://', dataDir: '' }) }) },
];
if (realBackend) {
  const backend = realBackend;
  places.push({
    name: 'postgres',
    open: async () => {
      const database = await backend.freshDatabase();
      return { handle: await openDatabase({ url: database.url, dataDir: '' }), drop: () => database.drop() };
    },
  });
}

for (const place of places) {
  describe(`a statement sent to the pool inside a transaction (${place.name})`, () => {
    let handle: DatabaseHandle;
    let drop: (() => Promise<void>) | undefined;

    before(async () => ({ handle, drop } = await place.open()));
    after(async () => {
      await handle.close();
      await drop?.();
    });

    it('fails at once, naming the fix, instead of waiting for the transaction it is part of', async () => {
      const transaction = handle.db.transaction(async (tx) => {
        assert.equal(await one(tx), 1);
        await one(handle.db);
      });
      await assert.rejects(transaction, refused);
    });

    it('refuses a transaction opened on the pool inside another', async () => {
      const nested = handle.db.transaction(() => handle.db.transaction(async (inner) => one(inner)));
      await assert.rejects(nested, refused);
    });

    it("leaves the transaction's own statements, savepoints and the pool outside it alone", async () => {
      const inside = await handle.db.transaction(async (tx) => tx.transaction(async (savepoint) => one(savepoint)));
      assert.equal(inside, 1);
      // Concurrent work that is not part of the transaction keeps its pool (on PostgreSQL a second connection).
      const [fromPool] = await Promise.all([one(handle.db), handle.db.transaction((tx) => one(tx))]);
      assert.equal(fromPool, 1);
    });

    it('lets work the transaction started reach the pool once the transaction is over', async () => {
      let later: Promise<number> | undefined;
      let started: () => void;
      const ended = new Promise<void>((resolve) => (started = resolve));
      await handle.db.transaction(async (tx) => {
        await one(tx);
        later = ended.then(() => one(handle.db));
      });
      started!();
      assert.equal(await later, 1);
    });
  });
}
