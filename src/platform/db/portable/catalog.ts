import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { rowsOf } from '../rows.ts';

/**
 * What the database holds, read from its own catalog rather than from the drizzle table files, so
 * a table added by a later migration is carried without anyone listing it here.
 */

export interface Column {
  name: string;
  /** `format_type`: `timestamp with time zone`, `numeric(10,2)`, `text[]`, … — compared between an export and the database it goes into. */
  type: string;
  /** The type without its modifier (`numeric`, `character varying`): the cast, so a length or precision is checked on assignment, never silently cut. */
  cast: string;
  /** Text-like: compared byte-wise (`COLLATE "C"`) when ordering, so both kinds of database agree. */
  collatable: boolean;
}

export interface Table {
  name: string;
  /** Stored columns in their order; generated columns are left out (the database computes them). */
  columns: Column[];
  /** Primary-key columns (all columns when there is none): the order rows are written in. */
  key: string[];
}

export interface ForeignKey {
  name: string;
  table: string;
  references: string;
}

/**
 * The embedded key-value store's stand-in: sessions and login states, left behind by default
 * (everyone signs in again; on Redis they never were in the database).
 */
export const SESSION_TABLES = ['kv_entries', 'kv_set_members'];

/**
 * Tables the migrations themselves fill (the page generation stripes). An empty database has
 * these rows already; the import replaces them with the exported ones.
 */
export const MIGRATION_FILLED_TABLES = ['page_generations'];

export function ident(name: string): SQL {
  return sql.raw(`"${name.replace(/"/g, '""')}"`);
}

/** The service's tables in the public schema, by name. */
export async function readTables(executor: Executor): Promise<Table[]> {
  const columns = await rowsOf<{ table: string; name: string; type: string; cast: string; collatable: boolean; key: number | null }>(
    executor,
    sql`SELECT c.relname AS "table", a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
        format_type(a.atttypid, NULL) AS "cast", a.attcollation <> 0 AS collatable,
        array_position(k.conkey, a.attnum) AS "key"
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      LEFT JOIN pg_constraint k ON k.conrelid = c.oid AND k.contype = 'p'
      WHERE c.relkind IN ('r', 'p')
      ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, Table & { keyed: Array<[number, string]> }>();
  for (const column of columns) {
    let table = tables.get(column.table);
    if (!table) tables.set(column.table, (table = { name: column.table, columns: [], key: [], keyed: [] }));
    table.columns.push({ name: column.name, type: column.type, cast: column.cast, collatable: column.collatable });
    if (column.key !== null) table.keyed.push([Number(column.key), column.name]);
  }
  return [...tables.values()]
    .map(({ keyed, ...table }) => ({
      ...table,
      key: keyed.length ? keyed.sort((a, b) => a[0] - b[0]).map(([, name]) => name) : table.columns.map((c) => c.name),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export async function readForeignKeys(executor: Executor): Promise<ForeignKey[]> {
  return rowsOf<ForeignKey>(
    executor,
    sql`SELECT k.conname AS name, c.relname AS "table", r.relname AS "references"
      FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_class r ON r.oid = k.confrelid
      WHERE k.contype = 'f'
      ORDER BY c.relname, k.conname`,
  );
}

/**
 * `tables` so that every table comes after the ones it references. Foreign keys that cannot be
 * satisfied by order alone (a table referencing itself, or a cycle) are answered apart: the
 * import defers them to the end of its transaction.
 */
export function loadOrder(tables: readonly string[], keys: readonly ForeignKey[]): { order: string[]; deferred: ForeignKey[] } {
  const wanted = new Set(tables);
  const pending = new Map(tables.map((name) => [name, new Set<string>()]));
  const deferred: ForeignKey[] = [];
  for (const key of keys) {
    if (!wanted.has(key.table) || !wanted.has(key.references)) continue;
    if (key.table === key.references) deferred.push(key);
    else pending.get(key.table)!.add(key.references);
  }
  const order: string[] = [];
  while (pending.size) {
    const ready = [...pending].filter(([, needs]) => [...needs].every((name) => !pending.has(name))).map(([name]) => name);
    if (!ready.length) {
      // A cycle: defer every key among what is left, and load the rest in name order.
      for (const key of keys) if (pending.has(key.table) && pending.has(key.references) && key.table !== key.references) deferred.push(key);
      order.push(...[...pending.keys()].sort());
      break;
    }
    for (const name of ready.sort()) {
      order.push(name);
      pending.delete(name);
    }
  }
  return { order, deferred };
}

export interface SequenceState {
  name: string;
  /** Null when the sequence was never used. */
  lastValue: string | null;
}

export async function readSequences(executor: Executor): Promise<SequenceState[]> {
  return rowsOf<SequenceState>(
    executor,
    sql`SELECT sequencename AS name, last_value::text AS "lastValue" FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
  );
}

/** The user triggers that are on: the import turns them off (rows arrive as they were, derived values included) and back on. */
export async function readTriggers(executor: Executor): Promise<Array<{ table: string; name: string }>> {
  return rowsOf(
    executor,
    sql`SELECT c.relname AS "table", t.tgname AS name FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      WHERE NOT t.tgisinternal AND t.tgenabled <> 'D'
      ORDER BY c.relname, t.tgname`,
  );
}

/** Session settings that make every value's text form exact and the same on both kinds of database. */
export async function exactText(executor: Executor): Promise<void> {
  await executor.execute(sql`SET LOCAL TimeZone = 'UTC'`);
  await executor.execute(sql`SET LOCAL DateStyle = 'ISO, YMD'`);
  await executor.execute(sql`SET LOCAL IntervalStyle = 'iso_8601'`);
  await executor.execute(sql`SET LOCAL extra_float_digits = 1`);
  await executor.execute(sql`SET LOCAL bytea_output = 'hex'`);
}
