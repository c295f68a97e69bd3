import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestClock } from '../../../test/helpers/clock.ts';
import { openTestStore, type StoreVariant } from '../../../test/helpers/store.ts';
import type { KeyValueStore } from './index.ts';

/** The key-value store's contract, which every kind of store must keep. */
export function storeContract(variant: StoreVariant): void {
  describe(`key-value store contract (${variant.name})`, () => {
    let store: KeyValueStore;
    let redisUrl: string | undefined;
    let clock: TestClock | undefined;
    let close: () => Promise<void>;

    before(async () => {
      ({ store, redisUrl, clock, close } = await openTestStore(variant, 'kvtest'));
    });
    after(() => close());

    // A store on a clock lets a TTL pass by moving it. Redis expires keys on its own clock, so
    // there the TTL is a real wait: as short as it can be while the round trips that must find
    // the value still alive (a set, then a read or an extending write) safely fit inside it.
    const short = () => (clock ? 1 : 0.3);
    const outliveShortTtl = async () => {
      if (clock) clock.advance(short() + 0.1);
      else await sleep(short() * 1000 + 20);
    };

    it('gets what was set, and nothing for a missing key', async () => {
      await store.set('a', 'one', 60);
      assert.equal(await store.get('a'), 'one');
      await store.set('a', 'two', 60);
      assert.equal(await store.get('a'), 'two');
      assert.equal(await store.get('missing'), null);
    });

    it('forgets a value when its TTL passes', async () => {
      await store.set('short', 'v', short());
      assert.equal(await store.get('short'), 'v');
      await outliveShortTtl();
      assert.equal(await store.get('short'), null);
      assert.equal(await store.take('short'), null);
      assert.equal(await store.consume('short'), null);
    });

    it('gives a taken value to exactly one of 50 concurrent callers', async () => {
      await store.set('take-me', 'prize', 60);
      const results = await Promise.all(Array.from({ length: 50 }, () => store.take('take-me')));
      assert.deepEqual(
        results.filter((r) => r !== null),
        ['prize'],
      );
      assert.equal(await store.get('take-me'), null);
    });

    it('marks a consumed value used for exactly one of 50 concurrent callers, and remembers it', async () => {
      await store.set('once', 'token-record', 60);
      const results = await Promise.all(Array.from({ length: 50 }, () => store.consume('once')));
      assert.equal(results.filter((r) => r?.firstUse).length, 1);
      assert.ok(results.every((r) => r?.value === 'token-record'));
      assert.deepEqual(await store.consume('once'), { value: 'token-record', firstUse: false });
      await store.delete('once');
      assert.equal(await store.consume('once'), null);
    });

    it('consumes and writes in one step: the first use writes, unless blocked; a reuse never does', async () => {
      // One hash tag: a Cluster runs the step on one node.
      const writes = (n: number) => [
        { op: 'set' as const, key: `{cw}:next${n}`, value: `v${n}`, ttlSeconds: 60 },
        { op: 'addToSet' as const, key: '{cw}:set', member: `m${n}`, ttlSeconds: 60 },
      ];
      await store.writeAll([{ op: 'addToSet', key: '{cw}:set', member: 'old', ttlSeconds: short() }]);
      await store.set('{cw}:one', 'first', 60);
      const results = await Promise.all(Array.from({ length: 50 }, (_, n) => store.consumeAndWrite('{cw}:one', '{cw}:blocked', writes(n))));
      const winners = results.flatMap((result, n) => (result?.written ? [n] : []));
      assert.equal(winners.length, 1, 'exactly one caller writes');
      assert.equal(results.filter((r) => r?.firstUse).length, 1);
      assert.ok(results.every((r) => r?.value === 'first'));
      const winner = winners[0]!;
      assert.equal(await store.get(`{cw}:next${winner}`), `v${winner}`);
      assert.deepEqual((await store.members('{cw}:set')).sort(), ['old', `m${winner}`].sort());
      assert.equal(await store.get(`{cw}:next${(winner + 1) % 50}`), null);
      // The set took its new member's life, as addToSet does.
      await outliveShortTtl();
      assert.deepEqual((await store.members('{cw}:set')).sort(), ['old', `m${winner}`].sort());

      await store.set('{cw}:two', 'second', 60);
      await store.set('{cw}:blocked', '1', 60);
      assert.deepEqual(await store.consumeAndWrite('{cw}:two', '{cw}:blocked', writes(99)), { value: 'second', firstUse: true, written: false });
      assert.equal(await store.get('{cw}:next99'), null);
      assert.deepEqual(await store.consumeAndWrite('{cw}:two', '{cw}:nothing', writes(98)), { value: 'second', firstUse: false, written: false });
      assert.equal(await store.consumeAndWrite('{cw}:missing', '{cw}:nothing', writes(97)), null);
      assert.equal(await store.get('{cw}:next97'), null);
    });

    it('compares and sets: of 50 concurrent callers that read one value exactly one replaces it', async () => {
      await store.set('cas', 'v0', 60);
      const results = await Promise.all(Array.from({ length: 50 }, (_, n) => store.compareAndSet('cas', 'v0', `v${n + 1}`, 60)));
      const winners = results.flatMap((won, n) => (won ? [n] : []));
      assert.equal(winners.length, 1);
      assert.equal(await store.get('cas'), `v${winners[0]! + 1}`);
      assert.equal(await store.compareAndSet('cas', 'v0', 'late', 60), false);
      assert.equal(await store.compareAndSet('cas-missing', 'v0', 'x', 60), false);
      assert.equal(await store.get('cas-missing'), null);
      await store.set('cas-short', 'v', short());
      assert.equal(await store.compareAndSet('cas-short', 'v', 'w', short()), true, 'the new value lives ttlSeconds');
      await outliveShortTtl();
      assert.equal(await store.compareAndSet('cas-short', 'w', 'x', 60), false, 'an expired value is gone');
    });

    const addToSet = (key: string, member: string, ttlSeconds: number) => store.writeAll([{ op: 'addToSet', key, member, ttlSeconds }]);

    it('keeps sets with members, deletion and expiry', async () => {
      await addToSet('s', 'x', 60);
      await addToSet('s', 'y', 60);
      await addToSet('s', 'x', 60);
      assert.deepEqual((await store.members('s')).sort(), ['x', 'y']);
      await store.delete('s');
      assert.deepEqual(await store.members('s'), []);
      await addToSet('s-short', 'z', short());
      await outliveShortTtl();
      assert.deepEqual(await store.members('s-short'), []);
    });

    it('writes sets and set members together, with the meaning of set and addToSet', async () => {
      await addToSet('w-set', 'old', short());
      await store.writeAll([
        { op: 'addToSet', key: 'w-set', member: 'new', ttlSeconds: 60 },
        { op: 'set', key: 'w-value', value: 'v', ttlSeconds: 60 },
        { op: 'set', key: 'w-short', value: 'gone', ttlSeconds: short() },
      ]);
      assert.equal(await store.get('w-value'), 'v');
      assert.deepEqual((await store.members('w-set')).sort(), ['new', 'old']);
      await store.writeAll([]);
      await outliveShortTtl();
      // The set took the longer life of its newest member; the short value expired.
      assert.deepEqual((await store.members('w-set')).sort(), ['new', 'old']);
      assert.equal(await store.get('w-short'), null);
    });

    it('says where rate limits count, and purges expired entries when it keeps them', async () => {
      assert.equal(store.rateLimits.shared, store.kind === 'redis');
      if (!store.purgeExpired) return;
      await store.set('purge-me', 'x', short());
      await addToSet('purge-set', 'y', short());
      await store.set('keep-me', 'x', 60);
      await outliveShortTtl();
      assert.ok((await store.purgeExpired()) >= 2);
      assert.equal(await store.purgeExpired(), 0);
      assert.equal(await store.get('keep-me'), 'x');
    });

    it('grants a lock to exactly one of 20 contenders until released or expired', async () => {
      const tokens = await Promise.all(Array.from({ length: 20 }, () => store.acquireLock('job', 60_000)));
      const winners = tokens.filter((t): t is string => t !== null);
      assert.equal(winners.length, 1);
      await store.releaseLock('job', 'not-the-token');
      assert.equal(await store.acquireLock('job', 60_000), null, 'a stranger cannot release it');
      await store.releaseLock('job', winners[0]!);
      const next = await store.acquireLock('job', short() * 1000);
      assert.ok(next);
      await outliveShortTtl();
      assert.ok(await store.acquireLock('job', 60_000), 'an expired lock is free again');
    });

    it('a ping resolves while the store is reachable and rejects once it is gone', async () => {
      // The same kind of store, on the Redis this suite uses (its private Cluster, when it has one).
      const own = await openTestStore({ ...variant, redisUrl, cluster: false }, 'kvping');
      try {
        await own.store.ping();
      } finally {
        await own.close();
      }
      await assert.rejects(() => own.store.ping());
    });
  });
}
