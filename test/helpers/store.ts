import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../src/platform/db/index.ts';
import { openStore, type KeyValueStore } from '../../src/platform/kv/index.ts';
import { PrivateRedisCluster } from '../../reliability/harness/redis-topology.ts';
import type { Backend } from './backends.ts';
import { TestClock } from './clock.ts';

export interface StoreVariant {
  name: string;
  backend: Backend;
  redisUrl: string | undefined;
  /** A private 3-master Redis Cluster started for the suite (its scripts must keep to one hash slot). */
  cluster?: boolean;
}

export interface TestStore {
  store: KeyValueStore;
  /** The Redis the store uses (the private Cluster's when there is one). */
  redisUrl: string | undefined;
  /** The clock the embedded store judges expiry by; none for Redis, which expires keys on its own. */
  clock: TestClock | undefined;
  close(): Promise<void>;
}

/** A store of the variant's kind on a fresh database, under a key prefix of its own; `close` removes what it started. */
export async function openTestStore(variant: StoreVariant, prefix: string): Promise<TestStore> {
  const cluster = variant.cluster ? await PrivateRedisCluster.start(3) : undefined;
  const redisUrl = cluster?.url ?? variant.redisUrl;
  const fresh = await variant.backend.freshDatabase();
  const database = await openDatabase({ url: fresh.url, dataDir: '/nonexistent' });
  const clock = redisUrl ? undefined : new TestClock();
  const store = await openStore({ redisUrl, db: database.db, keyPrefix: `${prefix}:${randomBytes(4).toString('hex')}:`, clock });
  return {
    store,
    redisUrl,
    clock,
    async close() {
      await store.close();
      await database.close();
      await fresh.drop();
      await cluster?.stop();
    },
  };
}
