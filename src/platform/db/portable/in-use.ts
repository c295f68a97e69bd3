import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether a process has the embedded database in `folder` open. PGlite runs PostgreSQL in one
 * process with no server to ask, and two processes writing one folder corrupt it; PostgreSQL's
 * own lock file says it: written when the database opens, removed when it closes cleanly.
 */
export function embeddedInUse(folder: string): boolean {
  return existsSync(path.join(folder, 'postmaster.pid'));
}
