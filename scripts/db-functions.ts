/**
 * `npm run db:functions`: compares every SQL function's source file with the function the
 * migrations make (on a fresh in-memory database) and writes one migration for those that changed.
 * `--check` only reports, and exits 1 if a migration is due.
 */
import { openDatabase } from '../src/platform/db/index.ts';
import { driftedFunctions, functionSources, unsourcedFunctions, writeFunctionMigration } from '../src/platform/db/function-sources.ts';

const check = process.argv.includes('--check');
const handle = await openDatabase({ url: 'memory://', dataDir: '' });
try {
  const sources = functionSources();
  const unsourced = await unsourcedFunctions(handle.db, sources);
  if (unsourced.length) process.stdout.write(`No source file for: ${unsourced.join(', ')} (add one under the owning module's sql/ folder).\n`);
  const drifted = new Set(await driftedFunctions(handle.db, sources));
  if (!drifted.size) {
    process.stdout.write(`All ${sources.length} functions match their source files; no migration is due.\n`);
  } else if (check) {
    process.stdout.write(`Changed since the last migration: ${[...drifted].join(', ')}. Run npm run db:functions.\n`);
    process.exitCode = 1;
  } else {
    const tag = writeFunctionMigration(sources.filter((source) => drifted.has(source.name)));
    process.stdout.write(
      `Wrote drizzle/${tag}.sql for ${[...drifted].join(', ')}. A changed signature or return type needs a DROP FUNCTION before it: add it by hand.\n`,
    );
  }
  if (unsourced.length) process.exitCode = 1;
} finally {
  await handle.close();
}
