import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './database.ts';

/** A raw statement's rows: node-postgres and PGlite both answer `{rows}`, but typed apart; callers cast what they select. */
export async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}

const DIALECT = new PgDialect();

/**
 * A statement each row of which its repository makes into `T` itself (`map`, from the row's values
 * in the select list's order, as both drivers answer them under Drizzle: timestamps as text). For
 * hot reads: Drizzle's own mapping checks and decodes every field of every row through its column
 * objects, which cost more than the statement's parsing on a listing page. Used like Drizzle's
 * builders: awaited, or `prepare`d under a name (each connection then plans it once) and executed
 * with the values of its placeholders (`sql.placeholder`).
 */
export class MappedQuery<T> implements PromiseLike<T[]> {
  readonly #executor: Executor;
  readonly #query: SQL;
  readonly #map: (values: unknown[]) => T;

  constructor(executor: Executor, query: SQL, map: (values: unknown[]) => T) {
    this.#executor = executor;
    this.#query = query;
    this.#map = map;
  }

  toSQL(): { sql: string; params: unknown[] } {
    return DIALECT.sqlToQuery(this.#query);
  }

  prepare(name: string | undefined): { execute(values?: Record<string, unknown>): Promise<T[]> } {
    const prepared = this.#executor._.session.prepareQuery(this.toSQL(), undefined, name, true, (rows) => rows.map(this.#map));
    return { execute: async (values) => (await prepared.execute(values)) as T[] };
  }

  then<A = T[], B = never>(
    resolve?: ((rows: T[]) => A | PromiseLike<A>) | null,
    reject?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B> {
    return this.prepare(undefined).execute().then(resolve, reject);
  }
}
