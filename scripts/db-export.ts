/**
 * `npm run db:export -- FILE [--include-sessions]`: writes every row of the service's data
 * (DATABASE_URL, or the embedded database in DATA_DIR) to FILE, a gzipped tar of one JSON-lines
 * file per table and a manifest. See docs/operations.md.
 */
import { exportDatabase, SESSION_TABLES } from '../src/platform/db/portable/index.ts';
import { openConfigured, parseArgs } from './db-open.ts';

const USAGE = 'Usage: npm run db:export -- FILE [--include-sessions]';
const { file, flags } = parseArgs(USAGE, ['--include-sessions']);
const { database, where } = await openConfigured({ mustExist: true });
try {
  const started = Date.now();
  const manifest = await exportDatabase(database, file, { includeSessions: flags.has('--include-sessions') });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const out = [
    `Exported ${where} to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
    `  ${manifest.tables.length} tables, ${rows} rows, at migration ${manifest.migration.tag ?? manifest.migration.hash} (${manifest.migration.count} migrations).`,
    ...manifest.tables.filter((table) => table.rows).map((table) => `  ${table.name}: ${table.rows}`),
    manifest.leftBehind.length
      ? `Left behind: sessions and login states (${SESSION_TABLES.join(', ')}); everyone signs in again after an import.`
      : 'Sessions and login states included (--include-sessions).',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
} catch (error) {
  // Not process.exit: the database is closed first (an embedded one must be shut down cleanly).
  process.exitCode = 1;
  process.stderr.write(`The export failed: ${(error as Error).message}\n`);
} finally {
  await database.close();
}
