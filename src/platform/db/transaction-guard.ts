import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { PgDatabase, type PgDialect, type PgQueryResultHKT, type PgSession, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/** What a statement sent to the pool from inside an open transaction is refused with. */
export const POOL_INSIDE_TRANSACTION = 'POOL_INSIDE_TRANSACTION';

/**
 * Knows whether the running piece of work holds a transaction open. A statement it sends to the
 * pool meanwhile is refused: on the embedded database the transaction holds its only connection,
 * so such a statement waits for the transaction, which waits for it: the request hangs without a
 * word. On PostgreSQL it takes a second connection and reads outside the transaction's snapshot
 * and locks. Either way the caller meant the transaction's executor; here it learns so at once.
 */
export class TransactionGuard {
  readonly #work = new AsyncLocalStorage<{ open: boolean }>();

  /** Runs `work` (a transaction's callback) marked as inside its transaction, until it settles. */
  inside<T>(work: () => Promise<T>): Promise<T> {
    const state = { open: true };
    // Work the callback started and left running may reach the pool once the callback is done.
    return this.#work.run(state, work).finally(() => (state.open = false));
  }

  /** The error a pool statement made now is refused with, or undefined when it may go. */
  refusal(): Error | undefined {
    if (!this.#work.getStore()?.open) return undefined;
    const error = new Error("A statement went to the pool inside an open transaction: use the transaction's executor.");
    return Object.assign(error, { code: POOL_INSIDE_TRANSACTION });
  }
}

type Transaction = Parameters<Parameters<PgDatabase<PgQueryResultHKT>['transaction']>[0]>[0];

/**
 * The database openDatabase hands out: Drizzle's, with `transaction` running its callback marked by
 * the guard, so the pool (built to ask the same guard) refuses statements sent from inside it.
 */
export class GuardedDatabase extends PgDatabase<PgQueryResultHKT> {
  readonly #guard: TransactionGuard;
  /** The driver's client (the pool, or the embedded database), where Drizzle's own `drizzle()` puts it. */
  readonly $client: unknown;

  constructor(dialect: PgDialect, session: PgSession, guard: TransactionGuard, client: unknown) {
    super(dialect, session, undefined);
    this.#guard = guard;
    this.$client = client;
  }

  override transaction<T>(work: (tx: Transaction) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
    return super.transaction((tx) => this.#guard.inside(() => work(tx)), config);
  }
}

/** A node-postgres pool whose every way in (`query` takes a client through `connect` too) asks `guard` first. */
export function guardedPool(Pool: typeof pg.Pool, guard: TransactionGuard, config: pg.PoolConfig): pg.Pool {
  class GuardedPool extends Pool {
    override connect(): Promise<pg.PoolClient>;
    override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
    override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
      const refused = guard.refusal();
      if (!refused) return callback ? super.connect(callback) : super.connect();
      if (!callback) return Promise.reject(refused);
      callback(refused, undefined, () => undefined);
    }
  }
  return new GuardedPool(config);
}

/** The embedded database as Drizzle's session uses it (`query`, `transaction`), each asking `guard` first. */
export function guardedPglite(client: PGlite, guard: TransactionGuard): PGlite {
  const asked =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const refused = guard.refusal();
      return refused ? Promise.reject(refused) : call(...args);
    };
  const delegate: Pick<PGlite, 'query' | 'transaction'> = {
    query: asked((...args: Parameters<PGlite['query']>) => client.query(...args)) as PGlite['query'],
    transaction: asked((...args: Parameters<PGlite['transaction']>) => client.transaction(...args)) as PGlite['transaction'],
  };
  // Drizzle's PGlite session calls nothing else on it (drizzle-orm/pglite/session.js).
  return delegate as PGlite;
}
