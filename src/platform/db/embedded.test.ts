import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { prepareSnapshot, snapshotPresent, startPglite } from './embedded.ts';

// Embedded only: the snapshot is how an empty DATA_DIR (or memory://) starts; PostgreSQL has none.
const MIGRATIONS = path.join(import.meta.dirname, '..', '..', '..', 'drizzle');
const scratch = mkdtempSync(path.join(tmpdir(), 'embedded-snapshot-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const migrator = (folder: string) => async (client: PGlite) => {
  await migrate(drizzle({ client }), { migrationsFolder: folder });
};

/** Everything the migrations make, as text: tables and columns, constraints, indexes, functions, triggers, views, extensions, row counts, and drizzle's journal. */
async function schemaOf(client: PGlite): Promise<Record<string, unknown>> {
  const own = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')`;
  const rows = async (query: string) => (await client.query<Record<string, unknown>>(query)).rows;
  const tables = await rows(
    `SELECT n.nspname AS s, c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND ${own} ORDER BY 1, 2`,
  );
  const counts: Record<string, unknown> = {};
  for (const { s, t } of tables) counts[`${String(s)}.${String(t)}`] = (await rows(`SELECT count(*)::int AS n FROM "${String(s)}"."${String(t)}"`))[0]!.n;
  return {
    columns: await rows(
      `SELECT table_schema, table_name, column_name, ordinal_position, data_type, udt_name, column_default, is_nullable FROM information_schema.columns WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2, 4`,
    ),
    constraints: await rows(
      `SELECT n.nspname, r.conname, pg_get_constraintdef(r.oid) AS def FROM pg_constraint r JOIN pg_namespace n ON n.oid = r.connamespace WHERE ${own} ORDER BY 1, 2, 3`,
    ),
    indexes: await rows(`SELECT schemaname, indexname, indexdef FROM pg_indexes WHERE schemaname NOT IN ('pg_catalog', 'pg_toast') ORDER BY 1, 2`),
    functions: await rows(
      `SELECT n.nspname, p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${own} AND p.prokind <> 'a' ORDER BY 1, 2, 3`,
    ),
    triggers: await rows(`SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2`),
    views: await rows(`SELECT schemaname, viewname, definition FROM pg_views WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`),
    extensions: await rows(`SELECT extname, extversion FROM pg_extension ORDER BY 1`),
    counts,
    journal: await rows(`SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY id`),
  };
}

async function schemaAndClose(client: PGlite): Promise<Record<string, unknown>> {
  try {
    return await schemaOf(client);
  } finally {
    await client.close();
  }
}

describe('the embedded database snapshot', () => {
  it('an empty DATA_DIR, and memory://, started from it have exactly the schema and migrations journal of a database migrated from scratch', async () => {
    const fromScratch = new PGlite();
    await migrator(MIGRATIONS)(fromScratch);
    const expected = await schemaAndClose(fromScratch);
    assert.ok((expected.journal as unknown[]).length > 30);

    const cache = path.join(scratch, 'cache');
    // No snapshot yet (a fresh installation whose preparation step did not run): the start makes it.
    assert.equal(snapshotPresent(MIGRATIONS, cache), false);
    assert.deepEqual(await schemaAndClose(await startPglite(path.join(scratch, 'first'), MIGRATIONS, migrator(MIGRATIONS), cache)), expected);
    assert.equal(snapshotPresent(MIGRATIONS, cache), true);
    assert.equal((await prepareSnapshot(MIGRATIONS, migrator(MIGRATIONS), cache)).made, false);
    // With it: an empty directory unpacks it, an in-memory database loads it.
    const notMigrated = async () => assert.fail('a start from the snapshot ran the migrations again');
    assert.deepEqual(await schemaAndClose(await startPglite(path.join(scratch, 'second'), MIGRATIONS, notMigrated, cache)), expected);
    assert.deepEqual(await schemaAndClose(await startPglite(undefined, MIGRATIONS, notMigrated, cache)), expected);
  });

  it('a new migration makes a new snapshot, which has it applied (a stale one is never used)', async () => {
    const migrations = path.join(scratch, 'drizzle');
    cpSync(MIGRATIONS, migrations, { recursive: true });
    const cache = path.join(scratch, 'stale-cache');
    const first = await prepareSnapshot(migrations, migrator(migrations), cache);
    assert.equal(first.made, true);

    const journalFile = path.join(migrations, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; when: number; tag: string }> };
    const last = journal.entries.at(-1)!;
    const tag = `${String(last.idx + 1).padStart(4, '0')}_snapshot_test`;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
    writeFileSync(journalFile, JSON.stringify(journal));
    writeFileSync(path.join(migrations, `${tag}.sql`), 'CREATE TABLE snapshot_test (id int PRIMARY KEY);');

    assert.equal(snapshotPresent(migrations, cache), false);
    const client = await startPglite(path.join(scratch, 'after-migration'), migrations, migrator(migrations), cache);
    try {
      assert.deepEqual((await client.query(`SELECT to_regclass('public.snapshot_test')::text AS t`)).rows, [{ t: 'snapshot_test' }]);
    } finally {
      await client.close();
    }
    assert.equal(snapshotPresent(migrations, cache), true);
    assert.ok(existsSync(first.file), 'the older snapshot is left for a checkout still on the older migrations');
  });
});
