import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { extract } from 'tar';
import type { DatabaseHandle, Executor } from '../database.ts';
import { exactText, ident, loadOrder, MIGRATION_FILLED_TABLES, readForeignKeys, readTables, readTriggers, SESSION_TABLES, type Table } from './catalog.ts';
import { rowsOf } from '../rows.ts';
import { FORMAT, FORMAT_VERSION, levelMismatch, migrationLevel, type Manifest } from './manifest.ts';

/** An export that cannot go into this database; the message says why and what to do. Nothing was written. */
export class ImportRefused extends Error {}

export interface ImportResult {
  manifest: Manifest;
  /** Rows written per table, in the order they were loaded. */
  loaded: Array<{ name: string; rows: number }>;
}

/** Rows per INSERT, and the most text one INSERT carries. */
const BATCH_ROWS = 2000;
const BATCH_CHARS = 4_000_000;

/**
 * Loads an export into an empty database at the same migration level, in one transaction: tables
 * in foreign-key order, user triggers off while the rows go in (derived values such as counters
 * arrive as they were exported), row counts checked against the manifest, sequences set to where
 * they were. Any failure rolls all of it back.
 */
export async function importDatabase(database: DatabaseHandle, file: string): Promise<ImportResult> {
  const work = mkdtempSync(path.join(tmpdir(), 'match-import-'));
  try {
    if (!existsSync(file)) throw new ImportRefused(`${file}: no such file.`);
    try {
      await extract({ file, cwd: work, strict: true });
    } catch (error) {
      throw new ImportRefused(`${file} is not an export of this service (${(error as Error).message}).`);
    }
    const manifest = readManifest(work);
    const loaded = await database.db.transaction(async (tx) => {
      await exactText(tx);
      const level = await migrationLevel(tx);
      if (!level) throw new ImportRefused('This database has no migrations applied.');
      const mismatch = levelMismatch(manifest.migration, level);
      if (mismatch) throw new ImportRefused(mismatch);
      const tables = await matchingTables(tx, manifest);
      await refuseNonEmpty(tx, tables);
      return load(tx, manifest, tables, work);
    });
    // Fresh statistics for the planner, outside the transaction (a bulk load leaves none).
    await database.db.execute(sql`ANALYZE`);
    return { manifest, loaded };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readManifest(work: string): Manifest {
  const file = path.join(work, 'manifest.json');
  if (!existsSync(file)) throw new ImportRefused('The file has no manifest.json: it is not an export of this service.');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== FORMAT) throw new ImportRefused('The manifest is not that of an export of this service.');
  if (manifest.formatVersion !== FORMAT_VERSION) {
    throw new ImportRefused(`The export's format is version ${manifest.formatVersion}; this service reads version ${FORMAT_VERSION}.`);
  }
  for (const table of manifest.tables) {
    if (table.file !== `tables/${table.name}.jsonl` || !existsSync(path.join(work, table.file)))
      throw new ImportRefused(`The export lacks the rows of ${table.name}.`);
  }
  return manifest;
}

/** The database's tables, each checked against the export's: same names, same columns of the same types. */
async function matchingTables(tx: Executor, manifest: Manifest): Promise<Table[]> {
  const here = new Map((await readTables(tx)).map((table) => [table.name, table]));
  const exported = new Set(manifest.tables.map((table) => table.name));
  for (const name of here.keys()) {
    if (!exported.has(name) && !manifest.leftBehind.includes(name))
      throw new ImportRefused(`The export has no rows for the table ${name}, which this database has.`);
  }
  return manifest.tables.map((entry) => {
    const table = here.get(entry.name);
    if (!table) throw new ImportRefused(`The export has a table ${entry.name} this database does not have.`);
    const shape = (columns: Table['columns']) => columns.map((column) => `${column.name} ${column.type}`).join(', ');
    if (shape(table.columns) !== shape(entry.columns)) {
      throw new ImportRefused(`The table ${entry.name} differs: the export has (${shape(entry.columns)}), this database (${shape(table.columns)}).`);
    }
    return table;
  });
}

async function refuseNonEmpty(tx: Executor, tables: Table[]): Promise<void> {
  const holding: string[] = [];
  for (const table of tables) {
    if (MIGRATION_FILLED_TABLES.includes(table.name) || SESSION_TABLES.includes(table.name)) continue;
    const [row] = await rowsOf<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM ${ident(table.name)}) AS "any"`);
    if (row?.any) holding.push(table.name);
  }
  if (holding.length) {
    throw new ImportRefused(`The database is not empty (${holding.join(', ')} have rows): an export goes into a new, empty database only.`);
  }
}

async function load(tx: Executor, manifest: Manifest, tables: Table[], work: string): Promise<ImportResult['loaded']> {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const { order, deferred } = loadOrder([...byName.keys()], await readForeignKeys(tx));
  const triggers = (await readTriggers(tx)).filter((trigger) => byName.has(trigger.table));
  for (const trigger of triggers) await tx.execute(sql`ALTER TABLE ${ident(trigger.table)} DISABLE TRIGGER ${ident(trigger.name)}`);
  for (const key of deferred) await tx.execute(sql`ALTER TABLE ${ident(key.table)} ALTER CONSTRAINT ${ident(key.name)} DEFERRABLE INITIALLY DEFERRED`);
  const loaded: ImportResult['loaded'] = [];
  for (const name of order) {
    const table = byName.get(name)!;
    const entry = manifest.tables.find((candidate) => candidate.name === name)!;
    // Only the rows the migrations put there: the database was checked to be empty otherwise.
    if (MIGRATION_FILLED_TABLES.includes(name) || SESSION_TABLES.includes(name)) await tx.execute(sql`DELETE FROM ${ident(name)}`);
    const rows = await loadTable(tx, table, path.join(work, entry.file));
    const [counted] = await rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${ident(name)}`);
    if (rows !== entry.rows || counted?.n !== entry.rows) {
      throw new ImportRefused(`The table ${name} should have ${entry.rows} rows; the file had ${rows} and the database holds ${counted?.n}.`);
    }
    loaded.push({ name, rows });
  }
  if (deferred.length) {
    await tx.execute(sql`SET CONSTRAINTS ALL IMMEDIATE`);
    for (const key of deferred) await tx.execute(sql`ALTER TABLE ${ident(key.table)} ALTER CONSTRAINT ${ident(key.name)} NOT DEFERRABLE`);
  }
  for (const sequence of manifest.sequences) {
    if (sequence.lastValue !== null)
      await tx.execute(sql`SELECT setval(${`"${sequence.name.replace(/"/g, '""')}"`}::regclass, ${sequence.lastValue}::bigint, true)`);
  }
  for (const trigger of triggers) await tx.execute(sql`ALTER TABLE ${ident(trigger.table)} ENABLE TRIGGER ${ident(trigger.name)}`);
  return loaded;
}

/** Reads the table's lines and inserts them in batches; each value goes back through its type's own input. */
async function loadTable(tx: Executor, table: Table, file: string): Promise<number> {
  const names = sql.join(
    table.columns.map((column) => ident(column.name)),
    sql`, `,
  );
  const values = sql.join(
    table.columns.map((column) => sql`x.${ident(column.name)}::${sql.raw(column.cast)}`),
    sql`, `,
  );
  const shape = sql.join(
    table.columns.map((column) => sql`${ident(column.name)} text`),
    sql`, `,
  );
  const insert = (lines: string[]) =>
    tx.execute(
      sql`INSERT INTO ${ident(table.name)} (${names}) OVERRIDING SYSTEM VALUE SELECT ${values} FROM json_to_recordset(${`[${lines.join(',')}]`}::json) AS x(${shape})`,
    );
  let count = 0;
  let lines: string[] = [];
  let chars = 0;
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    if (!line) continue;
    lines.push(line);
    chars += line.length;
    count += 1;
    if (lines.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
      await insert(lines);
      lines = [];
      chars = 0;
    }
  }
  if (lines.length) await insert(lines);
  return count;
}
