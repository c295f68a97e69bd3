import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from './database.ts';
import { rowsOf } from './rows.ts';

/**
 * The SQL functions are kept as source files, one per function, in the `sql/` folder of the module
 * whose rule each is (`src/modules/games/sql/game_join.sql`). The migrations are made from them:
 * a changed file becomes a new migration (`npm run db:functions`), so the file is always the
 * definition in force and the migrations are its history.
 */
export interface FunctionSource {
  name: string;
  /** Relative to the repository root. */
  file: string;
  text: string;
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BREAKPOINT = '\n--> statement-breakpoint\n';

export function functionSources(root = ROOT): FunctionSource[] {
  return readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(path.dirname(file)) === 'sql' && file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: path.basename(file, '.sql'), file: path.join('src', file), text: readFileSync(path.join(root, 'src', file), 'utf8') }));
}

async function definitions(db: Executor, name: string): Promise<string[]> {
  const rows = await rowsOf<{ def: string }>(
    db,
    sql`SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.proname = ${name} ORDER BY 1`,
  );
  return rows.map((row) => row.def);
}

class RolledBack extends Error {}

/**
 * The sources whose function differs from the one in the database: each is created over the live
 * one inside a transaction that is then rolled back, and the definitions before and after are
 * compared (a changed signature adds an overload, a changed return type fails: both differ).
 */
export async function driftedFunctions(db: Database, sources: FunctionSource[]): Promise<string[]> {
  const drifted: string[] = [];
  for (const source of sources) {
    const live = await definitions(db, source.name);
    let same = false;
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(source.text));
        same = JSON.stringify(await definitions(tx, source.name)) === JSON.stringify(live);
        throw new RolledBack();
      });
    } catch (error) {
      if (!(error instanceof RolledBack)) same = false;
    }
    if (!same) drifted.push(source.name);
  }
  return drifted;
}

/** Functions in the database that no source file defines. */
export async function unsourcedFunctions(db: Database, sources: FunctionSource[]): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`SELECT DISTINCT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY 1`,
  );
  const named = new Set(sources.map((source) => source.name));
  return rows.map((row) => row.name).filter((name) => !named.has(name));
}

interface Journal {
  entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
}

/** Writes the next migration from the given sources and records it in the journal; returns its tag. */
export function writeFunctionMigration(sources: FunctionSource[], folder = path.join(ROOT, 'drizzle')): string {
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const last = journal.entries.at(-1)!;
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_functions_${sources.map((source) => source.name).join('_')}`.slice(0, 80);
  const body = sources.map((source) => `-- From ${source.file}\n${source.text.trim()}`).join(BREAKPOINT);
  writeFileSync(path.join(folder, `${tag}.sql`), `${body}\n`);
  journal.entries.push({ idx, version: last.version, when: last.when + 1000, tag, breakpoints: true });
  writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
  return tag;
}
