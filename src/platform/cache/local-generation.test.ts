import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase, type DatabaseHandle } from '../db/index.ts';
import { generationOf, localGenerationReader } from './local-generation.ts';
import { generationReader } from './page-cache.ts';

describe('the embedded database keeps its page generation in memory', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let fromDatabase: () => Promise<string>;
  let local: () => Promise<string>;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'local-generation-'));
    handle = await openDatabase({ url: 'memory://', dataDir });
    fromDatabase = generationReader(handle.db);
    local = await generationOf(handle, pino({ level: 'silent' }));
  });
  after(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a write that a listed page depends on at the very next read, with no wait', async () => {
    const first = await local();
    // Statement-level triggers fire on a statement that touches no row too.
    await handle.db.execute(sql`DELETE FROM users WHERE false`);
    const next = await local();
    assert.notEqual(next, first);
    assert.equal(next, await fromDatabase());
    await handle.db.execute(sql`DELETE FROM venues WHERE false`);
    const afterReference = await local();
    assert.notEqual(afterReference.split(':')[1], next.split(':')[1], 'reference data moves the second part');
  });

  it('a committed transaction counts by the time it is acknowledged; a rolled-back one sends nothing', async () => {
    const start = await local();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM games WHERE false`);
    });
    const committed = await local();
    assert.notEqual(committed, start);
    await assert.rejects(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM games WHERE false`);
        throw new Error('roll back');
      }),
    );
    assert.equal(await local(), committed);
    assert.equal(await fromDatabase(), committed);
  });

  it('between bumps, a read costs no round trip: a change no trigger announces is not seen', async () => {
    const known = await local();
    // page_generations has no trigger of its own: only the read from the database sees this.
    await handle.db.execute(sql`UPDATE page_generations SET value = value + 1000 WHERE stripe = 0`);
    assert.equal(await local(), known);
    assert.notEqual(await fromDatabase(), known);
    // The next bump brings the whole current value, this change included.
    await handle.db.execute(sql`DELETE FROM users WHERE false`);
    assert.equal(await local(), await fromDatabase());
  });

  it('a bump that lands while the generation is being read makes the next call read again', async () => {
    let bump: () => void = () => undefined;
    let value = '1:0';
    const reads: string[] = [];
    const reader = await localGenerationReader(
      async () => {
        reads.push(value);
        const answer = value;
        // The write commits while this read is on its way back, with the old value.
        value = '2:0';
        bump();
        return answer;
      },
      async (_channel, handler) => {
        bump = () => handler('bump');
        return async () => undefined;
      },
    );
    assert.equal(await reader(), '1:0');
    assert.equal(await reader(), '2:0', 'the read that raced a bump is not trusted');
    assert.deepEqual(reads, ['1:0', '2:0']);
  });
});
