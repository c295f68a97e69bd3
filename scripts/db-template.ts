/**
 * `npm start`'s second preparation step (after the web build): makes the embedded database's
 * migrated snapshot — `initdb` and every migration, kept in node_modules/.cache, keyed by drizzle/'s
 * files and PGlite's version — unless this machine has it already. Without it the first start on an
 * empty DATA_DIR makes it itself (seconds of CPU); after a new migration this makes the new one.
 * Skipped when DATABASE_URL points at PostgreSQL. Never fails the start: a start without the
 * snapshot makes it as before. The check alone imports two small files (every `npm start` pays it).
 */
import path from 'node:path';
import { layeredEnv } from '../src/config/env.ts';
import { snapshotPresent } from '../src/platform/db/embedded.ts';

const MIGRATIONS = path.join(import.meta.dirname, '..', 'drizzle');
const url = layeredEnv({ processEnv: process.env, dotEnvPath: '.env' }).DATABASE_URL;
if (!url?.startsWith('postgres') && !snapshotPresent(MIGRATIONS)) {
  try {
    const { prepareEmbeddedSnapshot } = await import('../src/platform/db/index.ts');
    const began = performance.now();
    const { file } = await prepareEmbeddedSnapshot();
    process.stdout.write(`Embedded database template made in ${((performance.now() - began) / 1000).toFixed(1)} s: ${file}\n`);
  } catch (error) {
    process.stderr.write(`The embedded database template could not be made (the first start makes it): ${String(error)}\n`);
  }
}
