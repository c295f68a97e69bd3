import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TestClock } from '../../../test/helpers/clock.ts';
import { ByteMeter, ENTRY_OVERHEAD } from './cache-budget.ts';
import { PageCache } from './page-cache.ts';

const page = (size: number) => ({ content: 'x'.repeat(size) });
/** What a page under a one-letter key counts as: the value and the bytes sent, each at the JSON's UTF-8 size. */
const bytesOf = (size: number, fill = 'x') => 'a'.length + 2 * Buffer.byteLength(JSON.stringify({ content: fill.repeat(size) })) + ENTRY_OVERHEAD;

describe('the page cache keeps within its byte budget', () => {
  const cacheOf = (maxBytes: number) => {
    const loads: string[] = [];
    const cache = new PageCache({ generation: async () => '1:1', clock: new TestClock(), meter: new ByteMeter('pages', maxBytes) });
    const get = (key: string, size: number) =>
      cache.through(key, async () => {
        loads.push(key);
        return { value: page(size) };
      });
    return { cache, get, loads };
  };

  it('never holds more than the budget, whatever the pages asked for', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 2_000 })), { maxLength: 200 }),
        async (budget, asks) => {
          const { cache, get } = cacheOf(budget);
          for (const [key, size] of asks) {
            await get(`k${key}`, size);
            assert.ok(cache.bytes <= budget, `${cache.bytes} bytes held, budget ${budget}`);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('lets the oldest pages go first, and counts a page asked again once', async () => {
    const { cache, get, loads } = cacheOf(bytesOf(100) * 3);
    await get('a', 100);
    await get('b', 100);
    await get('c', 100);
    assert.equal(cache.bytes, bytesOf(100) * 3);
    await get('d', 100);
    await get('b', 100);
    await get('c', 100);
    await get('d', 100);
    assert.deepEqual(loads, ['a', 'b', 'c', 'd'], 'b, c and d stayed; a made room for d');
    await get('a', 100);
    assert.deepEqual(loads.slice(4), ['a']);
    assert.equal(cache.bytes, bytesOf(100) * 3);
  });

  it('counts a page by its bytes, not its characters: three pages of "é" fill what they weigh in UTF-8', async () => {
    const { cache } = cacheOf(bytesOf(100, 'é') * 3);
    for (const key of ['a', 'b', 'c']) await cache.through(key, async () => ({ value: { content: 'é'.repeat(100) } }));
    assert.equal(cache.bytes, bytesOf(100, 'é') * 3);
    assert.ok(bytesOf(100, 'é') > bytesOf(100, 'x') + 2 * 99, 'two bytes each, in the value and in the bytes kept');
  });

  it("tells its callers the JSON size in the unit it weighs by (a reader's page built on it is weighed alike)", async () => {
    const { cache } = cacheOf(bytesOf(100, 'é'));
    const made = await cache.through('a', async () => ({ value: { content: 'é'.repeat(100) } }));
    const kept = await cache.through('a', async () => assert.fail('kept'));
    const utf8 = Buffer.byteLength(JSON.stringify({ content: 'é'.repeat(100) }));
    assert.deepEqual([made.json, kept.json], [utf8, utf8]);
  });

  it('keeps no page larger than the budget, and none at all with a budget of 0', async () => {
    const small = cacheOf(bytesOf(10));
    await small.get('big', 11);
    await small.get('big', 11);
    assert.deepEqual(small.loads, ['big', 'big']);
    assert.equal(small.cache.bytes, 0);
    const none = cacheOf(0);
    await none.get('a', 0);
    await none.get('a', 0);
    assert.equal(none.loads.length, 2);
  });
});
