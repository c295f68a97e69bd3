import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { realBackend } from '../../../test/helpers/backends.ts';
import { RedisStore } from './redis-store.ts';
import { StoreUnavailableError } from './store.ts';

const redisUrl = realBackend?.redisUrl;

/**
 * A store told to wait for one replica, on a server that has none: what a connection still on an
 * old primary sees for a moment after a Sentinel failover. Every answer of a single-use operation,
 * "not there" and "already used" included, must then be "unavailable", never a refusal of the token.
 */
describe('writes that must survive a failover, on a server without its replica', { skip: redisUrl ? false : 'needs TEST_REDIS_URL' }, () => {
  const client = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  const store = new RedisStore(client, `rw:${randomBytes(4).toString('hex')}:`, { mode: 'standalone', url: redisUrl ?? '', waitReplicas: 1 });
  after(() => store.close());

  it('a missing key is unavailable, not missing: the refresh token is not refused on a stale primary', async () => {
    await client.connect();
    await assert.rejects(store.consume('token:absent'), StoreUnavailableError);
  });

  it('take of a missing key is unavailable too', async () => {
    // The back-off after the failed WAIT answers at once; either way nothing says "not there".
    await assert.rejects(store.take('login:absent'), StoreUnavailableError);
  });
});
