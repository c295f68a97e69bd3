import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { rowsOf } from '../rows.ts';
import type { Column, SequenceState } from './catalog.ts';

export const FORMAT = 'match-service-export';
export const FORMAT_VERSION = 1;

/** The last migration a database has applied, as drizzle records it, with the tag this service knows it by. */
export interface MigrationLevel {
  /** How many migrations were applied. */
  count: number;
  /** The journal's tag (`0020_one_notify_rule`); null for a migration this service does not know (a newer one). */
  tag: string | null;
  /** The SHA-256 of the migration's SQL, as drizzle stores it. */
  hash: string;
  /** The journal's `when`, which orders migrations. */
  createdAt: number;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  serviceVersion: string;
  source: 'postgres' | 'embedded';
  migration: MigrationLevel;
  tables: Array<{ name: string; file: string; rows: number; columns: Column[] }>;
  sequences: SequenceState[];
  /** Tables deliberately not exported (sessions and login states). */
  leftBehind: string[];
}

const ROOT = new URL('../../../../', import.meta.url);

export function serviceVersion(): string {
  return (JSON.parse(readFileSync(fileURLToPath(new URL('package.json', ROOT)), 'utf8')) as { version: string }).version;
}

function journalTags(): Map<number, string> {
  const journal = JSON.parse(readFileSync(fileURLToPath(new URL('drizzle/meta/_journal.json', ROOT)), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}

export async function migrationLevel(executor: Executor): Promise<MigrationLevel | null> {
  const rows = await rowsOf<{ count: number; hash: string; created_at: string }>(
    executor,
    sql`SELECT (count(*) OVER ())::int AS count, hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  const last = rows[0];
  if (!last) return null;
  const createdAt = Number(last.created_at);
  return { count: last.count, tag: journalTags().get(createdAt) ?? null, hash: last.hash, createdAt };
}

function describe(level: MigrationLevel): string {
  return `${level.count} migrations, the last ${level.tag ?? `unknown to this service (${level.hash.slice(0, 12)}…)`}`;
}

/** Why an export at `exported` cannot go into a database at `here`, or null when the levels are the same. */
export function levelMismatch(exported: MigrationLevel, here: MigrationLevel): string | null {
  if (exported.hash === here.hash && exported.createdAt === here.createdAt && exported.count === here.count) return null;
  const both = `The export is at ${describe(exported)}; this database is at ${describe(here)}.`;
  if (exported.createdAt > here.createdAt || (exported.createdAt === here.createdAt && exported.count > here.count)) {
    return `The export comes from a newer version of the service. ${both} Import it with that version (or a later one).`;
  }
  if (exported.createdAt < here.createdAt || exported.count < here.count) {
    return `The export comes from an older version of the service. ${both} Import it with the version that made it, then start this version, which migrates the database.`;
  }
  return `The export's migrations differ from this service's. ${both}`;
}
