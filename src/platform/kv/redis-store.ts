import { randomUUID } from 'node:crypto';
import { Cluster, Redis } from 'ioredis';
import { parseRedisUrl, type RedisTarget } from './redis-url.ts';
import { ReplicatedWrites } from './replicated-writes.ts';
import { withScripts, type ScriptCommands } from './redis-scripts.ts';
import { StoreUnavailableError, type KeyValueStore, type RateLimitBackend, type StoreWrite } from './store.ts';

export interface RedisStoreOptions {
  url: string;
  keyPrefix?: string;
}

/** TTLs go to Redis in milliseconds, so a fraction of a second (the contract's short TTLs) is kept. */
const inMs = (ttlSeconds: number) => Math.max(1, Math.round(ttlSeconds * 1000));

/** A client of either shape; both run the same commands and scripts. */
export type RedisClient = Redis | Cluster;

const COMMON = {
  lazyConnect: true,
  enableAutoPipelining: true, // the commands of one event-loop turn share one write, in order
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2000,
  commandTimeout: 2000,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
  // After a failover the old primary answers READONLY until the client follows the new one.
  reconnectOnError: (error: Error) => error.message.startsWith('READONLY'),
};

function clientFor(target: RedisTarget): RedisClient {
  switch (target.mode) {
    case 'standalone':
      return new Redis(target.url, COMMON);
    case 'sentinel':
      return new Redis({
        ...COMMON,
        sentinels: target.sentinels,
        name: target.masterName,
        username: target.username,
        password: target.password,
        sentinelPassword: target.sentinelPassword,
        db: target.db,
        ...(target.tls ? { tls: {}, enableTLSForSentinelMode: true } : {}),
        sentinelRetryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
        failoverDetector: true,
      });
    case 'cluster':
      // Not pipelined: on a Cluster it failed concurrent writes (the reliability suite's Cluster run).
      return new Cluster(target.nodes, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRedirections: 16,
        retryDelayOnFailover: 200,
        clusterRetryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
        redisOptions: { ...COMMON, lazyConnect: false, username: target.username, password: target.password, ...(target.tls ? { tls: {} } : {}) },
      });
  }
}

/** Fails fast while Redis is away (no offline queue), and reconnects on its own. */
export async function createRedisStore(options: RedisStoreOptions): Promise<RedisStore> {
  const target = parseRedisUrl(options.url);
  const client = clientFor(target);
  client.on('error', () => {
    // Connection errors surface through failed commands and the health check.
  });
  await firstConnection(client);
  return new RedisStore(client, options.keyPrefix ?? '', target);
}

/** How long start-up waits for the store; past it the service starts and health reports the store DOWN until it is ready. */
const CONNECT_WAIT_MS = 10_000;

/**
 * Waits for the client's first `ready`, a failure, or CONNECT_WAIT_MS, whichever comes first.
 * Not `connect()` alone: when a Cluster's ready check fails (CLUSTER INFO says `fail` for a moment
 * after the cluster forms or a master restarts), ioredis reconnects by itself and becomes ready,
 * but the promise of the first `connect()` never settles (ioredis 6.0), and start-up hung there.
 */
async function firstConnection(client: RedisClient): Promise<void> {
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, CONNECT_WAIT_MS);
    client.once('ready', done);
    // A failure also ends the wait: start anyway, health reports the store DOWN until it comes back.
    client.connect().then(done, done);
  });
}

export class RedisStore implements KeyValueStore {
  readonly kind = 'redis' as const;
  readonly client: RedisClient & ScriptCommands;
  readonly #prefix: string;
  readonly #cluster: boolean;

  /** Writes that must survive a failover, when the URL asks for replicas (Sentinel does by default). */
  readonly #replicated: ReplicatedWrites<Redis & ScriptCommands> | undefined;

  constructor(client: RedisClient, prefix: string, target: RedisTarget) {
    this.client = withScripts(client);
    this.#prefix = prefix;
    this.#cluster = target.mode === 'cluster';
    if (target.waitReplicas > 0 && client instanceof Redis) {
      this.#replicated = new ReplicatedWrites(target.waitReplicas, async () => {
        const own = client.duplicate();
        own.on('error', () => undefined);
        try {
          await own.connect();
        } catch (error) {
          own.disconnect();
          throw error;
        }
        return withScripts(own);
      });
    }
  }

  /** Rate-limit counters live in the same Redis, so every instance shares one budget. */
  get rateLimits(): RateLimitBackend {
    return { shared: true, redis: this.client };
  }

  #k(key: string) {
    return this.#prefix + key;
  }

  /**
   * The used mark of `key`. On a Cluster it must share the value's hash slot: `{key}#used` hashes
   * like `key` when `key` has no hash tag of its own. One server keeps the older name, so marks
   * written before an upgrade still count.
   */
  #usedKey(key: string) {
    const full = this.#k(key);
    return this.#cluster && !/\{[^}]+\}/.test(full) ? `{${full}}#used` : `${full}#used`;
  }

  async #run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(error);
    }
  }

  /** Runs a write on the shared client, or on a connection of its own that waits for replicas. */
  #write<T>(write: (client: RedisClient & ScriptCommands) => Promise<T>): Promise<T> {
    return this.#run(() => (this.#replicated ? this.#replicated.run(write) : write(this.client)));
  }

  get(key: string) {
    return this.#run(() => this.client.get(this.#k(key)));
  }

  set(key: string, value: string, ttlSeconds: number) {
    return this.#write(async (client) => {
      await client.set(this.#k(key), value, 'PX', inMs(ttlSeconds));
    });
  }

  // take and consume wait for the replicas whatever they answer: "not there" or "already used" from
  // a server that has none is no answer. After a failover the old primary comes back as a primary
  // for a moment, without the latest keys and without replicas, before the Sentinels demote it; a
  // connection still on it would refuse a valid refresh token (or take it for a reuse and revoke
  // its family). WAIT fails there, so the request is a 503 and the client may try again.
  take(key: string) {
    return this.#write((client) => client.getdel(this.#k(key)));
  }

  async consume(key: string) {
    const result = await this.#write((client) => client.kvConsume(this.#k(key), this.#usedKey(key)));
    return result ? { value: result[0], firstUse: result[1] === 1 } : null;
  }

  async consumeAndWrite(key: string, unless: string, writes: StoreWrite[]) {
    const encoded = this.#encode(writes);
    const keys = [this.#k(key), this.#usedKey(key), this.#k(unless), ...encoded.map((write) => write.key)];
    const result = await this.#write((client) => client.kvConsumeAndWrite(keys.length, ...keys, ...encoded.flatMap((write) => write.args)));
    return result ? { value: result[0], firstUse: result[1] === 1, written: result[2] === 1 } : null;
  }

  async compareAndSet(key: string, expected: string, next: string, ttlSeconds: number) {
    return (await this.#write((client) => client.kvCompareAndSet(this.#k(key), expected, next, String(inMs(ttlSeconds))))) === 1;
  }

  delete(...keys: string[]) {
    return this.#run(async () => {
      const all = keys.flatMap((key) => [this.#k(key), this.#usedKey(key)]);
      if (all.length === 0) return;
      // A Cluster refuses a DEL whose keys live in different slots; one DEL per key there.
      if (this.#cluster) await Promise.all(all.map((key) => this.client.del(key)));
      else await this.client.del(...all);
    });
  }

  writeAll(writes: StoreWrite[]) {
    if (writes.length === 0) return Promise.resolve();
    return this.#write(async (client) => {
      const encoded = this.#encode(writes);
      if (this.#cluster) {
        // The keys live in different slots, so no one script may touch them all. One call per key,
        // in the caller's order: a crash part-way leaves the earlier writes (set members, which
        // name a token that does not exist yet) and never a token without its family.
        for (const { key, args } of encoded) await client.kvWriteAll(1, key, ...args);
      } else {
        // One script: atomic and one round trip.
        await client.kvWriteAll(encoded.length, ...encoded.map((write) => write.key), ...encoded.flatMap((write) => write.args));
      }
    });
  }

  /** Writes as the scripts take them: the full key, then (op, value, ttl in ms). */
  #encode(writes: StoreWrite[]) {
    return writes.map((write) => ({
      key: this.#k(write.key),
      args: write.op === 'set' ? ['s', write.value, String(inMs(write.ttlSeconds))] : ['a', write.member, String(inMs(write.ttlSeconds))],
    }));
  }

  members(key: string) {
    return this.#run(() => this.client.smembers(this.#k(key)));
  }

  acquireLock(name: string, ttlMs: number) {
    const token = randomUUID();
    return this.#run(async () => ((await this.client.set(this.#k(`lock:${name}`), token, 'PX', ttlMs, 'NX')) === 'OK' ? token : null));
  }

  releaseLock(name: string, token: string) {
    return this.#run(async () => {
      await this.client.kvRelease(this.#k(`lock:${name}`), token);
    });
  }

  ping() {
    return this.#run(async () => {
      await this.client.ping();
    });
  }

  async close() {
    this.#replicated?.close();
    this.client.disconnect();
  }
}
