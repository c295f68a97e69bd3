/**
 * The database says what it does: docs/database.md names every table, function and trigger the
 * migrations make, and the tables whose changes move the caches' generations are exactly the declared
 * ones (a table a cached page reads but no trigger watches would serve stale pages).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
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
});
