import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ByteMeter, entryBytes } from './cache-budget.ts';
import { PerReaderCache } from './per-reader-cache.ts';

describe('PerReaderCache', () => {
  const loader = () => {
    const loads: string[] = [];
    return { loads, load: (reader: string, answer: string) => async () => (loads.push(reader), { value: answer, json: JSON.stringify(answer).length }) };
  };

  it("loads a reader's part of a value once, and each reader's apart", async () => {
    const cache = new PerReaderCache<string>();
    const { loads, load } = loader();
    const page = {};
    assert.equal(await cache.through(page, 'ann', load('ann', 'A')), 'A');
    assert.equal(await cache.through(page, 'ann', load('ann', 'changed')), 'A');
    assert.equal(await cache.through(page, 'bob', load('bob', 'B')), 'B');
    assert.deepEqual(loads, ['ann', 'bob']);
  });

  it('loads again for a new value, even an equal one', async () => {
    const cache = new PerReaderCache<string>();
    const { loads, load } = loader();
    await cache.through({ games: [] }, 'ann', load('ann', 'A'));
    assert.equal(await cache.through({ games: [] }, 'ann', load('ann', 'A2')), 'A2');
    assert.deepEqual(loads, ['ann', 'ann']);
  });

  it('does not remember a failed load', async () => {
    const cache = new PerReaderCache<string>();
    const page = {};
    await assert.rejects(
      cache.through(page, 'ann', async () => Promise.reject(new Error('database down'))),
      /database down/,
    );
    assert.equal(await cache.through(page, 'ann', async () => ({ value: 'A', json: 3 })), 'A');
  });

  it('starts again past its byte budget, over all values', async () => {
    const meter = new ByteMeter('readerPages', 2 * entryBytes('bob', 'B'));
    const cache = new PerReaderCache<string>({ meter });
    const { loads, load } = loader();
    const [first, second] = [{}, {}];
    await cache.through(first, 'ann', load('ann', 'A'));
    await cache.through(second, 'bob', load('bob', 'B'));
    await cache.through(second, 'bob', load('bob', 'B'));
    await cache.through(second, 'cy', load('cy', 'C'));
    await cache.through(first, 'ann', load('ann', 'A'));
    await cache.through(second, 'cy', load('cy', 'C'));
    assert.deepEqual(loads, ['ann', 'bob', 'cy', 'ann']);
    assert.equal(meter.bytes, entryBytes('cy', 'C') + entryBytes('ann', 'A'));
  });

  it('weighs a loaded part by the length of JSON it is given, without serialising it again', async (t) => {
    const meter = new ByteMeter('readerPages', 10_000);
    const cache = new PerReaderCache<object>({ meter });
    const stringify = t.mock.method(JSON, 'stringify');
    await cache.through({}, 'ann', async () => ({ value: { content: ['a page'] }, json: 1_000 }));
    stringify.mock.restore();
    assert.equal(stringify.mock.callCount(), 0);
    assert.equal(meter.bytes, entryBytes('ann', 'x'.repeat(998)), 'counted as 1,000 bytes of JSON');
  });
});
