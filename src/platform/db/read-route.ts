import type { KeyValueStore } from '../kv/index.ts';
import type { Database, DatabaseHandle } from './database.ts';

/**
 * Chooses the database for a read that may be served from the replica: anonymous reads always
 * go there; a signed-in user's reads go there unless that user wrote within the last
 * `afterWriteSeconds` (read-your-writes), in which case they stay on the primary.
 *
 * The "recent write" mark is a key in the shared store, not a cookie or a header: it holds for
 * bearer clients that send back nothing but their token, and on every instance, since the next
 * request may land on another one. It is written before the write runs, so it is in place by the
 * time the client has the answer; a write that then fails only costs a few seconds of primary reads.
 */
export class ReadRoute {
  readonly #primary: Database;
  readonly #replica: Database;
  readonly #store: KeyValueStore;
  readonly #afterWriteSeconds: number;
  readonly replicated: boolean;

  constructor(options: { database: DatabaseHandle; store: KeyValueStore; afterWriteSeconds: number }) {
    this.#primary = options.database.db;
    this.#replica = options.database.reader;
    this.replicated = options.database.replicated;
    this.#store = options.store;
    this.#afterWriteSeconds = options.afterWriteSeconds;
  }

  /** The database for a read on behalf of `userId` (null: anonymous). */
  async for(userId: string | null): Promise<Database> {
    if (!this.replicated) return this.#primary;
    if (userId === null) return this.#replica;
    try {
      return (await this.#store.get(markOf(userId))) === null ? this.#replica : this.#primary;
    } catch {
      // Without the store we cannot know whether the user just wrote: the primary is always right.
      return this.#primary;
    }
  }

  /**
   * Marks `userId` as a recent writer, on every instance. Throws when the store cannot take the
   * mark, so the write does not happen without it (a 503, as for any store outage).
   */
  async writing(userId: string): Promise<void> {
    if (this.replicated) await this.#store.set(markOf(userId), '1', this.#afterWriteSeconds);
  }
}

const markOf = (userId: string) => `read-primary:${userId}`;
