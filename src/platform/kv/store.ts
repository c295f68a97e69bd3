import type { Cluster, Redis } from 'ioredis';

/**
 * Where rate-limit counters live. Redis shares them between instances; the embedded store has
 * no fast atomic counter, so the limiter counts in each process's memory (a limit then holds
 * per instance: with N instances on one PostgreSQL and no Redis, a caller may get N times it).
 */
export type RateLimitBackend = { shared: true; redis: Redis | Cluster } | { shared: false };

/**
 * The key-value store every module shares: login state, refresh tokens, locks.
 * Two implementations keep the same contract (kv.contract.test.ts): Redis, and an embedded
 * one that lives in the service's own database and so survives a restart. A TTL in seconds
 * may have a fraction; both keep it to the millisecond.
 */
export interface KeyValueStore {
  readonly kind: 'redis' | 'embedded';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Atomically reads and deletes: of concurrent callers exactly one gets the value. */
  take(key: string): Promise<string | null>;
  /**
   * Atomically marks a value used, keeping it until it expires: the first caller gets
   * `firstUse: true`, every later one `false` (so reuse can be detected).
   */
  consume(key: string): Promise<{ value: string; firstUse: boolean } | null>;
  /**
   * `consume(key)` and, when this is the key's first use and `unless` holds nothing, `writeAll(writes)`:
   * atomically, in one round trip (a single-use token spent and its successor issued). On a Redis
   * Cluster every key must share one hash slot: give them one hash tag.
   */
  consumeAndWrite(key: string, unless: string, writes: StoreWrite[]): Promise<{ value: string; firstUse: boolean; written: boolean } | null>;
  /**
   * Replaces a live value with `next` (living `ttlSeconds` from now) only if it is still exactly
   * `expected`, atomically: of concurrent callers that read the same value, exactly one wins.
   * False when the value changed, expired or is gone.
   */
  compareAndSet(key: string, expected: string, next: string, ttlSeconds: number): Promise<boolean>;
  delete(...keys: string[]): Promise<void>;
  /**
   * Applies writes in order (`set`; `addToSet`: adds to a set that then lives at least
   * `ttlSeconds` from now), all or none, in one round trip (on a Redis Cluster, whose keys live
   * on different nodes: in order, one key at a time, so put the write that makes the others
   * reachable last): callers that
   * write several keys together (a refresh token and its family) pay one call, not one per key.
   */
  writeAll(writes: StoreWrite[]): Promise<void>;
  members(key: string): Promise<string[]>;
  /** A lock held until released or `ttlMs` passes; resolves to a token, or null when held elsewhere. */
  acquireLock(name: string, ttlMs: number): Promise<string | null>;
  releaseLock(name: string, token: string): Promise<void>;
  readonly rateLimits: RateLimitBackend;
  /**
   * Housekeeping the cleanup job runs, when the store needs any: the embedded store drops
   * expired rows (Redis expires keys by itself). Answers how many items it removed.
   */
  purgeExpired?(): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** One write of `writeAll`. */
export type StoreWrite = { op: 'set'; key: string; value: string; ttlSeconds: number } | { op: 'addToSet'; key: string; member: string; ttlSeconds: number };

export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(cause: unknown) {
    super('The key-value store is unavailable', { cause });
    this.name = 'StoreUnavailableError';
  }
}
