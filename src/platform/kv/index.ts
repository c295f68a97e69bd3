import type { Clock } from '../clock.ts';
import type { Database } from '../db/index.ts';
import { createRedisStore } from './redis-store.ts';
import { SqlStore } from './sql-store.ts';
import type { KeyValueStore } from './store.ts';

export type { KeyValueStore, RateLimitBackend, StoreWrite } from './store.ts';
export { StoreUnavailableError } from './store.ts';
export { StoredRecords } from './stored-records.ts';

/** `clock` moves the embedded store's expiry (tests); Redis expires keys on its own clock. */
export async function openStore(options: { redisUrl: string | undefined; db: Database; keyPrefix?: string; clock?: Clock }): Promise<KeyValueStore> {
  if (options.redisUrl) return createRedisStore({ url: options.redisUrl, keyPrefix: options.keyPrefix });
  return new SqlStore(options.db, options.clock);
}
