import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { StoreUnavailableError, type KeyValueStore } from './store.ts';

// The used mark is a sibling key that expires with the value, so `set` needs no special format.
const CONSUME = `
local v = redis.call('GET', KEYS[1])
if not v then return nil end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 1 then ttl = 1 end
local first = redis.call('SET', KEYS[1] .. '#used', '1', 'NX', 'PX', ttl)
if first then return {v, 1} end
return {v, 0}`;

const ADD_TO_SET = `
redis.call('SADD', KEYS[1], ARGV[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < tonumber(ARGV[2]) then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return 1`;

const INCREMENT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

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
  readonly client: Redis;
  readonly #prefix: string;

  constructor(client: Redis, prefix: string) {
    this.client = client;
    this.#prefix = prefix;
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

  setIfAbsent(key: string, value: string, ttlSeconds: number) {
    return this.#run(async () => (await this.client.set(this.#k(key), value, 'EX', ttlSeconds, 'NX')) === 'OK');
  }

  take(key: string) {
    return this.#run(() => this.client.getdel(this.#k(key)));
  }

  consume(key: string) {
    return this.#run(async () => {
      const result = (await this.client.eval(CONSUME, 1, this.#k(key))) as [string, number] | null;
      return result ? { value: result[0], firstUse: result[1] === 1 } : null;
    });
  }

  delete(...keys: string[]) {
    return this.#run(async () => {
      if (keys.length) await this.client.del(...keys.flatMap((key) => [this.#k(key), this.#k(`${key}#used`)]));
    });
  }

  addToSet(key: string, member: string, ttlSeconds: number) {
    return this.#run(async () => {
      await this.client.eval(ADD_TO_SET, 1, this.#k(key), member, ttlSeconds);
    });
  }

  members(key: string) {
    return this.#run(() => this.client.smembers(this.#k(key)));
  }

  removeFromSet(key: string, member: string) {
    return this.#run(async () => {
      await this.client.srem(this.#k(key), member);
    });
  }

  increment(key: string, ttlSeconds: number) {
    return this.#run(async () => Number(await this.client.eval(INCREMENT, 1, this.#k(key), ttlSeconds)));
  }

  acquireLock(name: string, ttlMs: number) {
    const token = randomUUID();
    return this.#run(async () => ((await this.client.set(this.#k(`lock:${name}`), token, 'PX', ttlMs, 'NX')) === 'OK' ? token : null));
  }

  releaseLock(name: string, token: string) {
    return this.#run(async () => {
      await this.client.eval(RELEASE, 1, this.#k(`lock:${name}`), token);
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
