/**
 * The key-value store every module shares: login state, refresh tokens, counters, locks.
 * Two implementations keep the same contract (kv.contract.test.ts): Redis, and an embedded
 * one that lives in the service's own database and so survives a restart.
 */
export interface KeyValueStore {
  readonly kind: 'redis' | 'embedded';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Sets only when the key is absent; true when it was set. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Atomically reads and deletes: of concurrent callers exactly one gets the value. */
  take(key: string): Promise<string | null>;
  /**
   * Atomically marks a value used, keeping it until it expires: the first caller gets
   * `firstUse: true`, every later one `false` (so reuse can be detected).
   */
  consume(key: string): Promise<{ value: string; firstUse: boolean } | null>;
  delete(...keys: string[]): Promise<void>;
  /** Adds to a set; the set lives at least `ttlSeconds` from now. */
  addToSet(key: string, member: string, ttlSeconds: number): Promise<void>;
  /**
   * Applies `set` and `addToSet` writes in order, all or none, in one round trip: callers that
   * write several keys together (a refresh token and its family) pay one call, not one per key.
   */
  writeAll(writes: StoreWrite[]): Promise<void>;
  members(key: string): Promise<string[]>;
  removeFromSet(key: string, member: string): Promise<void>;
  /** Increments a counter that expires `ttlSeconds` after it was created. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  /** A lock held until released or `ttlMs` passes; resolves to a token, or null when held elsewhere. */
  acquireLock(name: string, ttlMs: number): Promise<string | null>;
  releaseLock(name: string, token: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** One write of `writeAll`, with the meaning of the method of the same name. */
export type StoreWrite =
  | { op: 'set'; key: string; value: string; ttlSeconds: number }
  | { op: 'addToSet'; key: string; member: string; ttlSeconds: number };

export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(cause: unknown) {
    super('The key-value store is unavailable', { cause });
    this.name = 'StoreUnavailableError';
  }
}
