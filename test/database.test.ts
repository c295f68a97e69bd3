/**
 * The database says what it does: docs/database.md names every table, function and trigger the
 * migrations make, and the tables whose changes move the caches' generations are exactly the declared
 * ones (a table a cached page reads but no trigger watches would serve stale pages).
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { getTableName, is, sql, Table } from 'drizzle-orm';
import * as notificationTables from '../src/modules/notifications/notifications.table.ts';
import { driftedFunctions, functionSources, unsourcedFunctions, writeFunctionMigration } from '../src/platform/db/function-sources.ts';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/index.ts';

const DOC = readFileSync(path.join(import.meta.dirname, '..', 'docs', 'database.md'), 'utf8');

/** The tables each cached page is made from (activities, levels and venues reach pages through the reference generation). */
const PAGE_SOURCES = ['game_bookmarks', 'game_co_hosts', 'game_participants', 'game_share_access', 'games', 'share_links', 'users'];
const REFERENCE_SOURCES = ['activities', 'skill_levels', 'venue_activities', 'venues'];

describe('the database, as the migrations make it', () => {
  let handle: DatabaseHandle;
  async function rows<T>(query: ReturnType<typeof sql>): Promise<{ rows: T[] }> {
    const result: unknown = await handle.db.execute(query);
    return result as { rows: T[] };
  }
  before(async () => {
    handle = await openDatabase({ url: 'memory://', dataDir: '' });
  });
  after(() => handle?.close());

  it('moves the page and reference generations on a change to exactly the declared tables', async () => {
    const { rows: triggers } = await rows<{ table: string; fn: string; statement: boolean; timing: string }>(sql`
      SELECT c.relname AS "table", p.proname AS fn, (t.tgtype & 1) = 0 AS statement, CASE WHEN (t.tgtype & 2) = 2 THEN 'BEFORE' ELSE 'AFTER' END AS timing
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal`);
    const watched = (fn: string) =>
      triggers
        .filter((trigger) => trigger.fn === fn)
        .map((trigger) => trigger.table)
        .sort();
    assert.deepEqual(watched('bump_page_generation'), PAGE_SOURCES);
    assert.deepEqual(watched('bump_reference_generation'), REFERENCE_SOURCES);
    // FOR EACH ROW would bump once per row of a bulk import; AFTER, so a failed statement bumps nothing.
    assert.deepEqual(
      triggers.filter((trigger) => trigger.fn.startsWith('bump_') && !(trigger.statement && trigger.timing === 'AFTER')),
      [],
    );
  });

  it('docs/database.md names every table, function and trigger', async () => {
    const { rows: tables } = await rows<{ name: string }>(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`);
    const { rows: functions } = await rows<{ name: string }>(sql`
      SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`);
    const { rows: triggerFunctions } = await rows<{ name: string }>(sql`
      SELECT DISTINCT p.proname AS name FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid WHERE NOT t.tgisinternal`);
    const missing = [...tables, ...functions, ...triggerFunctions].map((row) => row.name).filter((name) => !DOC.includes(`\`${name}\``));
    assert.deepEqual([...new Set(missing)], [], 'not described in docs/database.md');
    assert.ok(tables.length > 30 && functions.length >= 10, `read ${tables.length} tables and ${functions.length} functions`);
  });

  it("writes the notifications module's tables only from that module: other SQL calls its notify_* functions", () => {
    // The module's tables as it declares them (a table added there is covered without a change here).
    const owned = Object.values(notificationTables)
      .filter((value) => is(value, Table))
      .map((table) => getTableName(table));
    assert.ok(owned.includes('notifications') && owned.includes('push_outbox'), `read ${owned.join(', ')}`);
    const writes = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(${owned.join('|')})\\b`, 'i');
    const src = path.join(import.meta.dirname, '..', 'src');
    const others = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.(sql|ts)$/.test(file) && !file.endsWith('.test.ts') && !file.startsWith(path.join('modules', 'notifications')),
    );
    const writers = others.filter((file) => writes.test(readFileSync(path.join(src, file), 'utf8')));
    assert.deepEqual(writers, [], 'files outside src/modules/notifications writing its tables');
    const callers = functionSources().filter((source) => /\bnotify_(game|series|subject|chat)\(/.test(source.text) && !source.file.includes('notifications'));
    assert.ok(
      callers.some((source) => source.name === 'game_join'),
      'the join notifies through notify_game',
    );
    assert.ok(writes.test('INSERT INTO notifications (user_id) VALUES ($1)'));
  });

  it('keeps each SQL function as one source file, and the migrations make exactly what the files say', async () => {
    const sources = functionSources();
    assert.deepEqual(await unsourcedFunctions(handle.db, sources), [], 'functions with no source file');
    assert.deepEqual(await driftedFunctions(handle.db, sources), [], 'source files changed with no migration (npm run db:functions)');
    const joinedAt = sources.find((source) => source.name === 'game_joined_at')!;
    assert.equal(joinedAt.file, path.join('src', 'modules', 'games', 'sql', 'game_joined_at.sql'));
    // A change to a file is seen, and the migration written from it makes the database match again.
    const changed = { ...joinedAt, text: joinedAt.text.replace("interval '1 millisecond'", "interval '2 milliseconds'") };
    assert.deepEqual(await driftedFunctions(handle.db, [changed]), ['game_joined_at']);
    const folder = mkdtempSync(path.join(os.tmpdir(), 'functions-'));
    try {
      cpSync(path.join(import.meta.dirname, '..', 'drizzle'), folder, { recursive: true });
      const tag = writeFunctionMigration([changed], folder);
      assert.match(tag, /^\d{4}_functions_game_joined_at$/);
      const written = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
      assert.ok(written.includes("interval '2 milliseconds'") && readdirSync(folder).includes(`${tag}.sql`));
      await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql.raw(written));
          assert.match(JSON.stringify(await tx.execute(sql`SELECT pg_get_functiondef('game_joined_at'::regproc) AS def`)), /2 milliseconds/);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error && error.message === 'Rollback')) throw error;
        });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
