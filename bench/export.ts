/**
 * `node bench/export.ts [POSTGRES_ADMIN_URL]`: times the export and import on the bench's data set
 * (bench/seed.ts MAIN: 100,000 games): seeded into an embedded database, exported, imported into a
 * new PostgreSQL database (when an admin URL is given) and into a new embedded one. Prints the
 * times and the file's size; docs/operations.md records a run.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/index.ts';
import { exportDatabase, importDatabase } from '../src/platform/db/portable/index.ts';
import { MAIN, seedAll } from './seed.ts';

const adminUrl = process.argv[2];
const scratch = mkdtempSync(path.join(tmpdir(), 'bench-export-'));
const file = path.join(scratch, 'bench.tar.gz');

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  process.stdout.write(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  return result;
}

async function using<T>(database: DatabaseHandle, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const name = `bench_export_${process.pid}`;
try {
  await using(await openDatabase({ url: undefined, dataDir: path.join(scratch, 'source') }), async (source) => {
    await timed('seed (embedded)', () => seedAll(source.db, MAIN));
    const manifest = await timed('export (embedded)', () => exportDatabase(source, file));
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(`file: ${(statSync(file).size / 1e6).toFixed(1)} MB, ${rows} rows\n`);
  });
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      await using(await openDatabase({ url: url.toString(), dataDir: scratch }), (target) => timed('import (PostgreSQL)', () => importDatabase(target, file)));
      await using(await openDatabase({ url: url.toString(), dataDir: scratch }), (target) => timed('export (PostgreSQL)', () => exportDatabase(target, file)));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  await using(await openDatabase({ url: undefined, dataDir: path.join(scratch, 'target') }), (target) =>
    timed('import (embedded)', () => importDatabase(target, file)),
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
