import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { create } from 'tar';
import type { DatabaseHandle, Executor } from '../database.ts';
import { rowsOf } from '../rows.ts';
import { exactText, ident, readSequences, readTables, SESSION_TABLES, type Table } from './catalog.ts';
import { FORMAT, FORMAT_VERSION, migrationLevel, serviceVersion, type Manifest } from './manifest.ts';

export interface ExportOptions {
  /** Also carry the embedded key-value store's tables (sessions, login states). Off by default. */
  includeSessions?: boolean;
  /** Rows fetched per round trip. */
  batch?: number;
}

const CURSOR = sql.raw('portable_export_rows');

/**
 * Writes every row of the service's tables to `file`: a gzipped tar of `manifest.json` and one
 * `tables/<name>.jsonl` per table, one JSON object per row whose values are PostgreSQL's own text
 * form of each value (exact for timestamps, numeric money, jsonb, arrays). One read-only
 * transaction on one snapshot, so PostgreSQL can be exported while the service runs.
 */
export async function exportDatabase(database: DatabaseHandle, file: string, options: ExportOptions = {}): Promise<Manifest> {
  const work = mkdtempSync(path.join(tmpdir(), 'match-export-'));
  try {
    const manifest = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
      await exactText(tx);
      const migration = await migrationLevel(tx);
      if (!migration) throw new Error('This database has no migrations applied: there is nothing to export.');
      const leftBehind = options.includeSessions ? [] : SESSION_TABLES;
      const tables = (await readTables(tx)).filter((table) => !leftBehind.includes(table.name));
      const written: Manifest['tables'] = [];
      for (const table of tables) {
        const name = `tables/${table.name}.jsonl`;
        const rows = await writeTable(tx, table, path.join(work, name), options.batch ?? 2000);
        written.push({ name: table.name, file: name, rows, columns: table.columns });
      }
      const made: Manifest = {
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        serviceVersion: serviceVersion(),
        source: database.kind,
        migration,
        tables: written,
        sequences: await readSequences(tx),
        leftBehind,
      };
      return made;
    });
    writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await create({ file, cwd: work, gzip: true, portable: true }, ['manifest.json', ...manifest.tables.map((table) => table.file)]);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function writeTable(tx: Executor, table: Table, file: string, batch: number): Promise<number> {
  mkdirSync(path.dirname(file), { recursive: true });
  const columns = sql.join(
    table.columns.map((column) => sql`${ident(column.name)}::text AS ${ident(column.name)}`),
    sql`, `,
  );
  const byColumn = new Map(table.columns.map((column) => [column.name, column]));
  const order = sql.join(
    table.key.map((name) => (byColumn.get(name)?.collatable ? sql`${ident(name)} COLLATE "C"` : ident(name))),
    sql`, `,
  );
  const out = await open(file, 'w');
  let count = 0;
  try {
    await tx.execute(sql`DECLARE ${CURSOR} NO SCROLL CURSOR FOR SELECT ${columns} FROM ${ident(table.name)} ORDER BY ${order}`);
    for (;;) {
      const rows = await rowsOf<Record<string, string | null>>(tx, sql`FETCH FORWARD ${sql.raw(String(batch))} FROM ${CURSOR}`);
      if (!rows.length) break;
      await out.write(rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
      count += rows.length;
    }
    await tx.execute(sql`CLOSE ${CURSOR}`);
  } finally {
    await out.close();
  }
  return count;
}
