import { randomUUID } from 'node:crypto';
import { Cluster, Redis } from 'ioredis';
import { parseRedisUrl, type RedisTarget } from './redis-url.ts';
import { ReplicatedWrites } from './replicated-writes.ts';
import { StoreUnavailableError, type KeyValueStore, type RateLimitBackend, type StoreWrite } from './store.ts';

// The used mark is a sibling key (KEYS[2], in the value's hash slot) that expires with the value,
// so `set` needs no special format.
const CONSUME = `
local v = redis.call('GET', KEYS[1])
if not v then return nil end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 1 then ttl = 1 end
local first = redis.call('SET', KEYS[2], '1', 'NX', 'PX', ttl)
if first then return {v, 1} end
return {v, 0}`;

// Applies the writes whose keys start at KEYS[first]: ARGV holds (op, value, ttl) per key; 's' does
// what `set` does, 'a' adds to a set and extends its life.
const applyWrites = (first: number) => `
for i = ${first}, #KEYS do
  local j = (i - ${first}) * 3
  local op, value, ttl = ARGV[j + 1], ARGV[j + 2], tonumber(ARGV[j + 3])
  if op == 's' then
    redis.call('SET', KEYS[i], value, 'EX', ttl)
  else
    redis.call('SADD', KEYS[i], value)
    if redis.call('TTL', KEYS[i]) < ttl then redis.call('EXPIRE', KEYS[i], ttl) end
  end
end`;

const WRITE_ALL = `${applyWrites(1)}
return 1`;

// consumeAndWrite: KEYS = the value, its used mark, the blocking key, then the writes' keys.
const CONSUME_AND_WRITE = `
local v = redis.call('GET', KEYS[1])
if not v then return nil end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 1 then ttl = 1 end
if not redis.call('SET', KEYS[2], '1', 'NX', 'PX', ttl) then return {v, 0, 0} end
if redis.call('EXISTS', KEYS[3]) == 1 then return {v, 1, 0} end
${applyWrites(4)}
return {v, 1, 1}`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** The scripts above, defined on the client so they travel by digest (EVALSHA), not as text on every call. */
interface ScriptCommands {
  kvConsume(key: string, usedKey: string): Promise<[string, number] | null>;
  kvRelease(key: string, token: string): Promise<unknown>;
  kvWriteAll(numKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
  kvConsumeAndWrite(numKeys: number, ...keysAndArgs: string[]): Promise<[string, number, number] | null>;
}

export interface RedisStoreOptions {
  url: string;
  keyPrefix?: string;
}

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

function withScripts<C extends RedisClient>(client: C): C & ScriptCommands {
  client.defineCommand('kvConsume', { numberOfKeys: 2, lua: CONSUME });
  client.defineCommand('kvRelease', { numberOfKeys: 1, lua: RELEASE });
  client.defineCommand('kvWriteAll', { lua: WRITE_ALL });
  client.defineCommand('kvConsumeAndWrite', { lua: CONSUME_AND_WRITE });
  return client as C & ScriptCommands;
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
      await client.set(this.#k(key), value, 'EX', ttlSeconds);
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

  /** Writes as the scripts take them: the full key, then (op, value, ttl). */
  #encode(writes: StoreWrite[]) {
    return writes.map((write) => ({
      key: this.#k(write.key),
      args: write.op === 'set' ? ['s', write.value, String(write.ttlSeconds)] : ['a', write.member, String(write.ttlSeconds)],
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
