import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freshRead } from './fresh-read.ts';

/** A stored value read through a read whose completion the test controls. */
function store() {
  let value = 0;
  const pending: Array<() => void> = [];
  let reads = 0;
  const read = () => {
    reads += 1;
    // The value is taken when the read is sent, as a database statement sees what committed before it ran.
    const seen = value;
    return new Promise<number>((resolve) => pending.push(() => resolve(seen)));
  };
  return {
    read,
    write: () => (value += 1),
    finishNext: async () => {
      pending.shift()!();
      // Let the queued read be sent.
      await new Promise((resolve) => setImmediate(resolve));
    },
    reads: () => reads,
  };
}

describe('freshRead', () => {
  it('never answers a caller with a read sent before it called', async () => {
    const s = store();
    const generation = freshRead(s.read);
    const first = generation();
    s.write();
    const second = generation();
    await s.finishNext();
    await s.finishNext();
    assert.equal(await first, 0);
    assert.equal(await second, 1, 'the write committed before the second call');
  });

  it('answers every caller waiting at once with one read', async () => {
    const s = store();
    const generation = freshRead(s.read);
    const first = generation();
    const waiting = Array.from({ length: 50 }, () => generation());
    await s.finishNext();
    await s.finishNext();
    assert.equal(await first, 0);
    assert.deepEqual(new Set(await Promise.all(waiting)), new Set([0]));
    assert.equal(s.reads(), 2);
  });

  it('reads again for a caller after the reads settle, and passes a failure to its own callers only', async () => {
    let fail = true;
    const generation = freshRead(async () => {
      if (fail) throw new Error('connection lost');
      return 'ok';
    });
    await assert.rejects(generation(), /connection lost/);
    fail = false;
    assert.equal(await generation(), 'ok');
  });
});
