import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TestClock } from '../../../test/helpers/clock.ts';
import { BoundedMap } from './bounded-map.ts';
import { ByIdCache } from './by-id-cache.ts';
import { ByteMeter, CACHE_SHARES, CacheBudget, entryBytes } from './cache-budget.ts';
import { PageCache } from './page-cache.ts';
import { PerReaderCache } from './per-reader-cache.ts';
import { SignalledCache } from './signalled-cache.ts';

/** A value of about `size` bytes of JSON. */
const valueOf = (size: number) => ({ text: 'x'.repeat(size) });

/** Each cache, filled through its own interface with `id` → a value of `size` bytes. */
const CACHES: Record<string, (meter: ByteMeter) => (id: string, size: number) => Promise<unknown>> = {
  ByIdCache: (meter) => {
    const cache = new ByIdCache<object>({ ttlMs: 60_000, meter });
    return (id, size) => cache.getMany([id], async (missing) => new Map(missing.map((one) => [one, valueOf(size)])));
  },
  SignalledCache: (meter) => {
    const cache = new SignalledCache<object>({ clock: new TestClock(), ttlMs: 60_000, meter });
    return (id, size) => cache.get(id, async () => valueOf(size));
  },
  PageCache: (meter) => {
    const cache = new PageCache({ generation: async () => '1:1', clock: new TestClock(), meter });
    return (id, size) => cache.through(id, async () => ({ value: valueOf(size) }));
  },
  PerReaderCache: (meter) => {
    const cache = new PerReaderCache<object>({ meter });
    const pages = [{}, {}, {}];
    return (id, size) =>
      cache.through(pages[id.length % pages.length]!, id, async () => ({ value: valueOf(size), json: JSON.stringify(valueOf(size)).length }));
  },
};

describe('every in-process cache keeps within its byte budget', () => {
  for (const [name, make] of Object.entries(CACHES)) {
    it(`${name}: never more than its budget, filled far past it`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 4_000 }),
          fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 1_500 })), { minLength: 50, maxLength: 300 }),
          async (budget, asks) => {
            const meter = new ByteMeter(name, budget);
            const put = make(meter);
            for (const [id, size] of asks) {
              await put(`id-${id}`, size);
              assert.ok(meter.bytes >= 0 && meter.bytes <= budget, `${meter.bytes} bytes held, budget ${budget}`);
            }
          },
        ),
        { numRuns: 60 },
      );
    });

    it(`${name}: counts what it keeps, so its gauge shows a full cache`, async () => {
      const meter = new ByteMeter(name, 10_000);
      const put = make(meter);
      for (let i = 0; i < 1_000; i++) await put(`id-${i}`, 100);
      const one = entryBytes('id-999', valueOf(100));
      // PerReaderCache starts again when full (a weak map cannot say what is gone), so it holds at least the newest.
      const least = name === 'PerReaderCache' ? one : meter.maxBytes - 2 * one;
      assert.ok(meter.bytes >= least, `${meter.bytes} of ${meter.maxBytes}`);
    });
  }

  it('BoundedMap: the meter always equals what the kept entries were counted as', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000 }),
        fc.array(fc.oneof(fc.tuple(fc.constant('set'), fc.nat(20), fc.nat(300)), fc.tuple(fc.constant('delete'), fc.nat(20), fc.constant(0)))),
        (budget, steps) => {
          const meter = new ByteMeter('test', budget);
          const map = new BoundedMap<number, number>(meter);
          for (const [step, key, bytes] of steps) {
            if (step === 'set') map.set(key, bytes, bytes);
            else map.delete(key);
          }
          let kept = 0;
          for (let key = 0; key <= 20; key++) kept += map.get(key) ?? 0;
          assert.equal(meter.bytes, kept);
          assert.ok(kept <= budget);
        },
      ),
    );
  });

  it('splits CACHE_MB among the caches, all of it and no more', () => {
    const budget = new CacheBudget(32 * 1024 * 1024);
    const total = budget.meters.reduce((sum, meter) => sum + meter.maxBytes, 0);
    assert.ok(total <= 32 * 1024 * 1024 && total > 32 * 1024 * 1024 - budget.meters.length);
    assert.equal(budget.meter('pages').maxBytes, 16 * 1024 * 1024);
    assert.deepEqual(budget.meters.map((meter) => meter.name).sort(), Object.keys(CACHE_SHARES).sort());
  });
});
