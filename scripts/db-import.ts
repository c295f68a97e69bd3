/**
 * `npm run db:import -- FILE`: loads an export made by `npm run db:export` into an empty database
 * (DATABASE_URL, or the embedded one in DATA_DIR) at the same migration level, in one
 * transaction. See docs/operations.md.
 */
import { importDatabase, ImportRefused } from '../src/platform/db/portable/index.ts';
import { openConfigured, parseArgs } from './db-open.ts';

const { file } = parseArgs('Usage: npm run db:import -- FILE', []);
const { database, where } = await openConfigured({ mustExist: false });
try {
  const started = Date.now();
  const { manifest, loaded } = await importDatabase(database, file);
  const rows = loaded.reduce((sum, table) => sum + table.rows, 0);
  const out = [
    `Imported ${file} into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
    `  ${loaded.length} tables, ${rows} rows (exported ${manifest.createdAt} from ${manifest.source}, service ${manifest.serviceVersion}); counts and constraints checked.`,
    manifest.leftBehind.length
      ? 'Sessions and login states were not exported: everyone signs in again.'
      : 'Sessions and login states came along; they are used only by the embedded key-value store (no REDIS_URL).',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
} catch (error) {
  // Not process.exit: the database is closed first (an embedded one must be shut down cleanly).
  process.exitCode = 1;
  const message =
    error instanceof ImportRefused ? `Nothing was imported. ${error.message}` : `The import failed and was rolled back: ${(error as Error).message}`;
  process.stderr.write(`${message}\n`);
} finally {
  await database.close();
}
