import type { SQL } from 'drizzle-orm';
import type { Executor } from './database.ts';

/** A raw statement's rows: node-postgres and PGlite both answer `{rows}`, but typed apart; callers cast what they select. */
export async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}
