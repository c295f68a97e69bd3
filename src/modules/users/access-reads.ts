import { Rounds } from '../../platform/rounds.ts';
import type { AccessUser } from './users.repository.ts';

interface Waiter {
  resolve: (user: AccessUser | undefined) => void;
  reject: (error: unknown) => void;
}

/** Ids per statement. */
const CHUNK = 1000;

/**
 * The access check's user reads, batched: the ids asked for in one tick, or while a batch is in
 * flight, are read together in the next statement (`id = ANY(…)`). A reconnect storm of 10,000
 * streams past the cache's few seconds was 10,000 round trips through a pool of about ten (each
 * send a wake-up of a PostgreSQL backend on a busy machine); it is now a few statements.
 *
 * Never older than the ask: a batch in flight was sent before a newcomer asked, so the newcomer
 * waits for the next one (a revocation committed before the ask is always seen). A failed batch
 * fails every ask in it; the next asks read again.
 */
export class AccessReads {
  readonly #readMany: (ids: string[]) => Promise<AccessUser[]>;
  #next = new Map<string, Waiter[]>();
  readonly #rounds = new Rounds(
    () => this.#round(),
    () => this.#next.size > 0,
  );

  constructor(readMany: (ids: string[]) => Promise<AccessUser[]>) {
    this.#readMany = readMany;
  }

  get(id: string): Promise<AccessUser | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.#next.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else this.#next.set(id, [{ resolve, reject }]);
      this.#rounds.request();
    });
  }

  async #round(): Promise<void> {
    const batch = this.#next;
    this.#next = new Map();
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      try {
        const found = new Map((await this.#readMany(chunk)).map((user) => [user.id, user]));
        for (const id of chunk) for (const waiter of batch.get(id)!) waiter.resolve(found.get(id));
      } catch (error) {
        for (const id of chunk) for (const waiter of batch.get(id)!) waiter.reject(error);
      }
    }
  }
}
