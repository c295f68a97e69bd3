import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.ts';

/** A slice of rows for one page, and how many rows there are in all. */
export interface Counted<Row> {
  rows: Row[];
  total: number;
}

/** A module's SQL: each repository runs on the executor it is built with (the pool or one transaction). */
export abstract class Repository {
  protected readonly db: Executor;

  constructor(db: Executor) {
    this.db = db;
  }

  /** The first row of `table` where `where` holds; locked until the transaction ends when `lock` is given. */
  protected async first<T extends PgTable>(table: T, where: SQL | undefined, lock?: 'update'): Promise<T['$inferSelect'] | undefined> {
    // Drizzle cannot infer a row from a generic table: select from the base type, answer the table's row type.
    const from: PgTable = table;
    const query = this.db.select().from(from).where(where);
    const [row]: Array<T['$inferSelect']> = await (lock ? query.for(lock) : query);
    return row;
  }

  /** Deletes the rows of `table` where `where` holds; answers the first one deleted, if any. */
  protected async deleted<T extends PgTable>(table: T, where: SQL | undefined): Promise<T['$inferSelect'] | undefined> {
    const from: PgTable = table;
    const [row]: Array<T['$inferSelect']> = await this.db.delete(from).where(where).returning();
    return row;
  }

  /** Whether `table` has a row where `where` holds. */
  protected async exists(table: PgTable, where: SQL | undefined): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(1);
    return row !== undefined;
  }

  /** A page of rows read beside the count of every row of `table` where `where` holds. */
  protected async counted<Row>(rows: Promise<Row[]>, table: PgTable, where: SQL | undefined): Promise<Counted<Row>> {
    const [found, [count]] = await Promise.all([
      rows,
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(table)
        .where(where),
    ]);
    return { rows: found, total: count?.total ?? 0 };
  }
}
