/**
 * The database `npm run db:export` and `npm run db:import` work on: DATABASE_URL, or the embedded
 * one in DATA_DIR, which must not be in use by a running service.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { layeredEnv, loadConfigOrExit } from '../src/config/index.ts';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/index.ts';
import { embeddedInUse } from '../src/platform/db/portable/index.ts';

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The FILE argument and the flags after `--`. */
export function parseArgs(usage: string, flags: readonly string[]): { file: string; flags: Set<string> } {
  const args = process.argv.slice(2);
  const given = new Set(args.filter((arg) => arg.startsWith('--')));
  for (const flag of given) if (!flags.includes(flag)) fail(`Unknown option ${flag}.\n${usage}`);
  const files = args.filter((arg) => !arg.startsWith('--'));
  if (files.length !== 1) fail(usage);
  return { file: path.resolve(files[0]!), flags: given };
}

export async function openConfigured(options: { mustExist: boolean }): Promise<{ database: DatabaseHandle; where: string }> {
  const config = loadConfigOrExit(layeredEnv({ processEnv: process.env, dotEnvPath: '.env' }));
  if (config.databaseUrl === 'memory://') fail('DATABASE_URL is memory://: there is no database outside this process.');
  if (config.databaseUrl === undefined) {
    const folder = path.join(config.dataDir, 'pglite');
    if (options.mustExist && !existsSync(path.join(folder, 'PG_VERSION'))) fail(`There is no embedded database in ${folder} (DATA_DIR=${config.dataDir}).`);
    if (embeddedInUse(folder)) {
      fail(
        `The embedded database in ${folder} is in use: stop the service (npm start) first; one process at a time can open it. ` +
          `If none is running, the last one stopped abruptly: start it once and stop it with Ctrl-C.`,
      );
    }
  }
  const where = config.databaseUrl === undefined ? `the embedded database in ${path.join(config.dataDir, 'pglite')}` : 'the database of DATABASE_URL';
  try {
    return { database: await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, ...config.database, readUrl: undefined }), where };
  } catch (error) {
    // The driver's message (no such database, refused connection, bad password) without a stack trace.
    return fail(`Could not open ${where}: ${(error as Error).message}`);
  }
}
