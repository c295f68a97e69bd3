import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
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

  /** Inserts one row into `table`; answers it as stored (with the defaults the database filled in). */
  protected async inserted<T extends PgTable>(table: T, values: T['$inferInsert']): Promise<T['$inferSelect']> {
    const into: PgTable = table;
    const [row]: Array<T['$inferSelect']> = await this.db.insert(into).values(values).returning();
    return row!;
  }

  /** Inserts one row unless it conflicts with a row already there: answers the new row, or undefined. */
  protected async insertedIfNew<T extends PgTable>(table: T, values: T['$inferInsert']): Promise<T['$inferSelect'] | undefined> {
    const into: PgTable = table;
    const [row]: Array<T['$inferSelect']> = await this.db.insert(into).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** Inserts the rows that conflict with none already there (claims: of concurrent runs one wins each); answers those. */
  protected async insertedNew<T extends PgTable>(table: T, values: Array<T['$inferInsert']>): Promise<Array<T['$inferSelect']>> {
    if (values.length === 0) return [];
    const into: PgTable = table;
    const rows: Array<T['$inferSelect']> = await this.db.insert(into).values(values).onConflictDoNothing().returning();
    return rows;
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

/** A repository over a table whose primary key is `id`: its rows are found, and locked, by it. */
export abstract class IdRepository<T extends PgTable & { id: AnyPgColumn }> extends Repository {
  protected abstract readonly table: T;

  find(id: string): Promise<T['$inferSelect'] | undefined> {
    return this.first(this.table, eq(this.table.id, id));
  }

  /** The row, locked until the transaction ends: changes that must not interleave take it first. */
  lock(id: string): Promise<T['$inferSelect'] | undefined> {
    return this.first(this.table, eq(this.table.id, id), 'update');
  }
}
