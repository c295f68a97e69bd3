import type { Cluster, Redis } from 'ioredis';

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

// Applies the writes whose keys start at KEYS[first]: ARGV holds (op, value, ttl in ms) per key; 's'
// does what `set` does, 'a' adds to a set and extends its life.
const applyWrites = (first: number) => `
for i = ${first}, #KEYS do
  local j = (i - ${first}) * 3
  local op, value, ttl = ARGV[j + 1], ARGV[j + 2], tonumber(ARGV[j + 3])
  if op == 's' then
    redis.call('SET', KEYS[i], value, 'PX', ttl)
  else
    redis.call('SADD', KEYS[i], value)
    if redis.call('PTTL', KEYS[i]) < ttl then redis.call('PEXPIRE', KEYS[i], ttl) end
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

const COMPARE_AND_SET = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** The scripts above, defined on the client so they travel by digest (EVALSHA), not as text on every call. */
export interface ScriptCommands {
  kvConsume(key: string, usedKey: string): Promise<[string, number] | null>;
  kvRelease(key: string, token: string): Promise<unknown>;
  kvCompareAndSet(key: string, expected: string, next: string, ttlMs: string): Promise<number>;
  kvWriteAll(numKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
  kvConsumeAndWrite(numKeys: number, ...keysAndArgs: string[]): Promise<[string, number, number] | null>;
}

/** Defines the scripts on a client (once per client). */
export function withScripts<C extends Redis | Cluster>(client: C): C & ScriptCommands {
  client.defineCommand('kvConsume', { numberOfKeys: 2, lua: CONSUME });
  client.defineCommand('kvRelease', { numberOfKeys: 1, lua: RELEASE });
  client.defineCommand('kvCompareAndSet', { numberOfKeys: 1, lua: COMPARE_AND_SET });
  client.defineCommand('kvWriteAll', { lua: WRITE_ALL });
  client.defineCommand('kvConsumeAndWrite', { lua: CONSUME_AND_WRITE });
  return client as C & ScriptCommands;
}
