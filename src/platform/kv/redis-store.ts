import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { StoreUnavailableError, type KeyValueStore, type RateLimitBackend, type StoreWrite } from './store.ts';

// The used mark is a sibling key that expires with the value, so `set` needs no special format.
const CONSUME = `
local v = redis.call('GET', KEYS[1])
if not v then return nil end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 1 then ttl = 1 end
local first = redis.call('SET', KEYS[1] .. '#used', '1', 'NX', 'PX', ttl)
if first then return {v, 1} end
return {v, 0}`;

// writeAll: ARGV holds (op, value, ttl) per key; 's' does what `set` does, 'a' adds to a set and extends its life.
const WRITE_ALL = `
for i, key in ipairs(KEYS) do
  local op, value, ttl = ARGV[i * 3 - 2], ARGV[i * 3 - 1], tonumber(ARGV[i * 3])
  if op == 's' then
    redis.call('SET', key, value, 'EX', ttl)
  else
    redis.call('SADD', key, value)
    if redis.call('TTL', key) < ttl then redis.call('EXPIRE', key, ttl) end
  end
end
return 1`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** The scripts above, defined on the client so they travel by digest (EVALSHA), not as text on every call. */
interface ScriptCommands {
  kvConsume(key: string): Promise<[string, number] | null>;
  kvRelease(key: string, token: string): Promise<unknown>;
  kvWriteAll(numKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
}

export interface RedisStoreOptions {
  url: string;
  keyPrefix?: string;
}

/** Fails fast while Redis is away (no offline queue), and reconnects on its own. */
export async function createRedisStore(options: RedisStoreOptions): Promise<RedisStore> {
  const client = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  client.on('error', () => {
    // Connection errors surface through failed commands and the health check.
  });
  try {
    await client.connect();
  } catch {
    // Start anyway: health reports the store DOWN until it comes back.
  }
  return new RedisStore(client, options.keyPrefix ?? '');
}

export class RedisStore implements KeyValueStore {
  readonly kind = 'redis' as const;
  readonly client: Redis & ScriptCommands;
  readonly #prefix: string;

  constructor(client: Redis, prefix: string) {
    client.defineCommand('kvConsume', { numberOfKeys: 1, lua: CONSUME });
    client.defineCommand('kvRelease', { numberOfKeys: 1, lua: RELEASE });
    client.defineCommand('kvWriteAll', { lua: WRITE_ALL });
    this.client = client as Redis & ScriptCommands;
    this.#prefix = prefix;
  }

  /** Rate-limit counters live in the same Redis, so every instance shares one budget. */
  get rateLimits(): RateLimitBackend {
    return { shared: true, redis: this.client };
  }

  #k(key: string) {
    return this.#prefix + key;
  }

  async #run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  get(key: string) {
    return this.#run(() => this.client.get(this.#k(key)));
  }

  set(key: string, value: string, ttlSeconds: number) {
    return this.#run(async () => {
      await this.client.set(this.#k(key), value, 'EX', ttlSeconds);
    });
  }

  take(key: string) {
    return this.#run(() => this.client.getdel(this.#k(key)));
  }

  consume(key: string) {
    return this.#run(async () => {
      const result = await this.client.kvConsume(this.#k(key));
      return result ? { value: result[0], firstUse: result[1] === 1 } : null;
    });
  }

  delete(...keys: string[]) {
    return this.#run(async () => {
      if (keys.length) await this.client.del(...keys.flatMap((key) => [this.#k(key), this.#k(`${key}#used`)]));
    });
  }

  writeAll(writes: StoreWrite[]) {
    return this.#run(async () => {
      if (writes.length === 0) return;
      // One script: atomic and one round trip.
      const keys = writes.map((write) => this.#k(write.key));
      const args = writes.flatMap((write) =>
        write.op === 'set' ? ['s', write.value, String(write.ttlSeconds)] : ['a', write.member, String(write.ttlSeconds)],
      );
      await this.client.kvWriteAll(keys.length, ...keys, ...args);
    });
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
    this.client.disconnect();
  }
}
