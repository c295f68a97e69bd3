import type { Executor } from './database.ts';

/** A module's SQL: each repository runs on the executor it is built with (the pool or one transaction). */
export abstract class Repository {
  protected readonly db: Executor;

  constructor(db: Executor) {
    this.db = db;
  }
}
