import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's defaults suit a browser tab holding one big database. Ours is a development or test
 * database of a few megabytes, so the buffers and working memory are set for that: a
 * `shared_buffers` of 16 MB instead of 128 MB is most of the difference in resident memory.
 * The first lines repeat PGlite's own start parameters, which these replace as a whole.
 */
const START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  ...['-c', 'search_path=public', '-c', 'exit_on_error=false', '-c', 'log_checkpoints=false', '-c', 'io_method=sync'],
  ...['-c', 'max_worker_processes=0', '-c', 'max_parallel_workers=0', '-c', 'max_parallel_workers_per_gather=0'],
  ...['-c', 'max_parallel_maintenance_workers=0'],
  // Its one process keeps the page generation in memory, told of each bump (migration 0032).
  ...['-c', 'app.generation_signal=on'],
  ...['-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=1MB'],
  ...['-c', 'wal_buffers=512kB', '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'],
];

/**
 * Run on the snapshot after the migrations. The service uses the database `postgres` alone, and
 * the two template databases held 600 of its 1,140 files: creating files is most of the time an
 * empty directory's start spends unpacking it.
 */
const WITHOUT_TEMPLATES = [
  'ALTER DATABASE template0 IS_TEMPLATE false',
  'ALTER DATABASE template1 IS_TEMPLATE false',
  'DROP DATABASE template0',
  'DROP DATABASE template1',
];

type Migrate = (client: PGlite) => Promise<void>;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Opens PGlite in `directory` (or in memory). An empty directory, and every in-memory database,
 * starts from a snapshot of a database already initialised and migrated — `initdb` and the
 * migrations run once per set of migrations on this machine, not once per database.
 */
export async function startPglite(directory: string | undefined, migrations: string, migrate: Migrate, cache = cacheDirectory()): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  let loadDataDir: Blob | undefined;
  if (!directory) loadDataDir = await snapshot(migrations, migrate, cache);
  else {
    mkdirSync(directory, { recursive: true });
    // PGlite would unpack the snapshot file by file through its emulated file system (most of an
    // empty directory's start, and the tarball kept in memory after it); unpacked here, PGlite
    // finds a database and resumes it.
    if (!existsSync(path.join(directory, 'PG_VERSION'))) await unpack(await snapshotBytes(migrations, migrate, cache), directory);
  }
  const client = new PGlite({ dataDir: directory, loadDataDir, startParams: START_PARAMS });
  await client.waitReady;
  return client;
}

/**
 * `npm start`'s preparation step (scripts/db-template.ts, beside the web build): makes the snapshot
 * for these migrations unless the cache has it, so that not even the first start on a fresh
 * installation runs `initdb` and the migrations. Answers its file and whether it was made now.
 */
export async function prepareSnapshot(migrations: string, migrate: Migrate, cache = cacheDirectory()): Promise<{ file: string; made: boolean }> {
  const file = snapshotFile(snapshotKey(migrations), cache);
  if (snapshotPresent(migrations, cache)) return { file, made: false };
  await snapshot(migrations, migrate, cache);
  // Not made when the cache cannot be written to: the first start makes it then.
  return { file, made: existsSync(file) };
}

/** Whether the cache holds the snapshot for these migrations (cheap: no database is loaded). */
export function snapshotPresent(migrations: string, cache = cacheDirectory()): boolean {
  return existsSync(snapshotFile(snapshotKey(migrations), cache));
}

/** The snapshot for a single database on disk: read from the cache file and not kept. */
async function snapshotBytes(migrations: string, migrate: Migrate, cache: string): Promise<Uint8Array> {
  const file = snapshotFile(snapshotKey(migrations), cache);
  if (existsSync(file)) return readFileSync(file);
  return new Uint8Array(await (await snapshot(migrations, migrate, cache)).arrayBuffer());
}

/**
 * Writes the snapshot's files under `directory`, PG_VERSION last: a directory left half unpacked
 * has none, so the next start unpacks it again instead of resuming a broken database.
 */
async function unpack(tar: Uint8Array, directory: string): Promise<void> {
  // Loaded here: a start on an existing directory (most of them) does not need it.
  const { UnpackSync } = await import('tar');
  // PGlite names its entries from the root ("/base/1/…"), which tar reports (and strips) as info.
  const isVersion = (entry: string) => path.posix.normalize(entry).replace(/^\/+/, '') === 'PG_VERSION';
  const onwarn = (code: string, message: string | Error) => {
    if (code !== 'TAR_ENTRY_INFO') throw new Error(`the snapshot did not unpack (${code}: ${String(message)})`);
  };
  for (const filter of [(entry: string) => !isVersion(entry), isVersion]) {
    new UnpackSync({ cwd: directory, filter, onwarn, noMtime: true }).end(Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength));
  }
}

let made: { key: string; blob: Promise<Blob> } | undefined;

/** The migrated database as a tarball: read from the cache, or made and written there once. */
function snapshot(migrations: string, migrate: Migrate, cache: string): Promise<Blob> {
  const file = snapshotFile(snapshotKey(migrations), cache);
  if (made?.key !== file) {
    made = { key: file, blob: loadOrMake(file, migrate) };
    made.blob.catch(() => {
      made = undefined;
    });
  }
  return made.blob;
}

async function loadOrMake(file: string, migrate: Migrate): Promise<Blob> {
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite({ startParams: START_PARAMS });
  try {
    await client.waitReady;
    await migrate(client);
    // One at a time: DROP DATABASE may not run inside the transaction a multi-statement text opens.
    for (const statement of WITHOUT_TEMPLATES) await client.exec(statement);
    await client.exec('CHECKPOINT');
    const blob = await client.dumpDataDir('none');
    // Written aside and renamed, so a process that reads it concurrently sees all of it or none.
    const partial = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(partial, new Uint8Array(await blob.arrayBuffer()));
      renameSync(partial, file);
    } catch {
      // A read-only cache only costs the next process the same work again.
      rmSync(partial, { force: true });
    }
    return blob;
  } finally {
    await client.close();
  }
}

function snapshotFile(key: string, cache: string): string {
  return path.join(cache, `pglite-${key}.tar`);
}

/** Changes with any migration and with PGlite's version (its data directory format). */
function snapshotKey(migrations: string): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(migrations, name);
    if (!name.endsWith('.sql') && !name.endsWith('_journal.json')) continue;
    hash.update(name).update(readFileSync(file));
  }
  hash.update(pgliteVersion());
  hash.update(START_PARAMS.join(' '));
  hash.update(WITHOUT_TEMPLATES.join(';'));
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(): string {
  try {
    const manifest = path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** `node_modules/.cache` beside the code when it can be written to, else the system's temporary directory. */
function cacheDirectory(): string {
  for (const directory of [path.join(ROOT, 'node_modules', '.cache', 'match-service'), path.join(tmpdir(), 'match-service-cache')]) {
    try {
      mkdirSync(directory, { recursive: true });
      const probe = path.join(directory, `.probe-${randomBytes(4).toString('hex')}`);
      writeFileSync(probe, '');
      rmSync(probe);
      return directory;
    } catch {
      // try the next one
    }
  }
  return tmpdir();
}
