import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the guard needs of a database: its `transaction` (Drizzle's, with the callback first); said
 * here in its own words so the guard and database.ts, which installs it, do not import each other.
 */
interface Transactional {
  transaction(work: (tx: unknown) => Promise<unknown>, config?: never): Promise<unknown>;
}

/** What a statement sent to the pool from inside an open transaction is refused with. */
export const POOL_INSIDE_TRANSACTION = 'POOL_INSIDE_TRANSACTION';

/**
 * Refuses statements sent to the pool while the same piece of work holds a transaction open. On the
 * embedded database the transaction holds its only connection, so such a statement waits for the
 * transaction, which waits for it: the request hangs without a word. On PostgreSQL it takes a
 * second connection and reads outside the transaction's snapshot and locks. Either way the caller
 * meant the transaction's executor; here it learns so at once.
 */
export class TransactionGuard {
  readonly #work = new AsyncLocalStorage<{ open: boolean }>();

  /** Runs every `db.transaction` callback marked as inside its transaction, until the callback settles. */
  mark(db: Transactional): void {
    const transaction = db.transaction.bind(db);
    const marked: Transactional['transaction'] = (work, config) =>
      transaction((tx) => {
        const state = { open: true };
        // Work the callback started and left running may reach the pool once the callback is done.
        return this.#work.run(state, () => work(tx)).finally(() => (state.open = false));
      }, config);
    Object.defineProperty(db, 'transaction', { configurable: true, value: marked });
  }

  /** Makes `client`'s methods named in `methods` (the pool's ways in) refuse inside a marked callback. */
  refuse<T extends object>(client: T, methods: ReadonlyArray<keyof T & string>): void {
    for (const name of methods) {
      const original = (client[name] as (...args: unknown[]) => unknown).bind(client);
      const guarded = (...args: unknown[]) => {
        if (this.#work.getStore()?.open) {
          const error = new Error("A statement went to the pool inside an open transaction: use the transaction's executor.");
          return Promise.reject(Object.assign(error, { code: POOL_INSIDE_TRANSACTION }));
        }
        return original(...args);
      };
      Object.defineProperty(client, name, { configurable: true, value: guarded });
    }
  }
}

/** Marks `db`'s transactions and makes the pool's ways in (`client`'s `methods`) refuse inside them. */
export function guardPool<T extends object>(db: Transactional, client: T, methods: ReadonlyArray<keyof T & string>): void {
  const guard = new TransactionGuard();
  guard.mark(db);
  guard.refuse(client, methods);
}
