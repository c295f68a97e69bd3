import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ByIdCache, clearAfter } from './by-id-cache.ts';
import { ByteMeter, entryBytes } from './cache-budget.ts';

/** A cache over a fake table whose loads are recorded, on a clock the test moves. */
function setUp(options: { ttlMs?: number; maxBytes?: number } = {}) {
  let now = 0;
  const table = new Map([
    ['a', 'A'],
    ['b', 'B'],
    ['c', 'C'],
  ]);
  const loads: string[][] = [];
  const meter = new ByteMeter('test', options.maxBytes ?? 1_000_000);
  const cache = new ByIdCache<string>({ ttlMs: options.ttlMs ?? 1000, meter, now: () => now });
  const load = async (missing: string[]) => {
    loads.push([...missing].sort());
    return new Map(missing.flatMap((id) => (table.has(id) ? [[id, table.get(id)!] as const] : [])));
  };
  return {
    cache,
    meter,
    table,
    loads,
    load,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('ByIdCache', () => {
  it('loads each missing id once per call, and answers cached ones without loading', async () => {
    const { cache, loads, load } = setUp();
    assert.deepEqual(
      [...(await cache.getMany(['a', 'b', 'a'], load))],
      [
        ['a', 'A'],
        ['b', 'B'],
      ],
    );
    assert.deepEqual([...(await cache.getMany(['b', 'c'], load))].sort(), [
      ['b', 'B'],
      ['c', 'C'],
    ]);
    assert.deepEqual(loads, [['a', 'b'], ['c']]);
  });

  it('reloads an entry once its time is up', async () => {
    const { cache, table, loads, load, advance } = setUp({ ttlMs: 1000 });
    await cache.getMany(['a'], load);
    table.set('a', 'A2');
    advance(999);
    assert.equal((await cache.getMany(['a'], load)).get('a'), 'A');
    advance(1);
    assert.equal((await cache.getMany(['a'], load)).get('a'), 'A2');
    assert.equal(loads.length, 2);
  });

  it('answers a caller that names a version only with entries loaded at that version, within the time', async () => {
    const { cache, table, loads, load } = setUp({ ttlMs: 1000 });
    await cache.getMany(['a'], load, '7');
    table.set('a', 'A2'); // written elsewhere, which moved the version on
    assert.equal((await cache.getMany(['a'], load)).get('a'), 'A', 'a caller without a version takes what is in time');
    assert.equal((await cache.getMany(['a'], load, '7')).get('a'), 'A', 'the same version: no load');
    assert.equal((await cache.getMany(['a'], load, '8')).get('a'), 'A2', 'a newer version: loaded again');
    assert.deepEqual(loads, [['a'], ['a']]);
  });

  it('does not remember ids the loader did not find, so a record created later is found at once', async () => {
    const { cache, table, load } = setUp();
    assert.equal((await cache.getMany(['new'], load)).has('new'), false);
    table.set('new', 'N');
    assert.equal((await cache.getMany(['new'], load)).get('new'), 'N');
  });

  it('clearAfter drops what a write may have changed, even when the write fails', async () => {
    const { cache, table, load } = setUp();
    await cache.getMany(['a'], load);
    await clearAfter([cache], async () => {
      table.set('a', 'A2');
    });
    assert.equal((await cache.getMany(['a'], load)).get('a'), 'A2');
    await assert.rejects(
      clearAfter([cache], async () => {
        table.set('a', 'A3');
        throw new Error('rolled forward anyway');
      }),
    );
    assert.equal((await cache.getMany(['a'], load)).get('a'), 'A3');
  });

  it('does not keep what a load read before a write that ended while it ran', async () => {
    const { cache, table, load } = setUp();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = cache.getMany(['a'], async (missing) => {
      const read = await load(missing);
      await gate;
      return read;
    });
    await clearAfter([cache], async () => {
      table.set('a', 'A2');
    });
    release();
    assert.equal((await slow).get('a'), 'A', 'the slow reader still gets what it read');
    assert.equal((await cache.getMany(['a'], load)).get('a'), 'A2', 'but the cache did not keep it');
  });

  it('stays within its byte budget: the oldest entries make room', async () => {
    const { cache, loads, load, meter } = setUp({ maxBytes: 2 * entryBytes('a', 'A') });
    await cache.getMany(['a', 'b'], load);
    await cache.getMany(['c'], load);
    await cache.getMany(['c', 'b'], load);
    await cache.getMany(['a'], load);
    assert.deepEqual(loads, [['a', 'b'], ['c'], ['a']]);
    assert.equal(meter.bytes, 2 * entryBytes('a', 'A'));
  });
});
