import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestClock } from '../../../test/helpers/clock.ts';
import { SignalledCache } from './signalled-cache.ts';

/** A cache over a fake table whose reads the test can hold open, on a clock the test moves. */
function setUp(options: { ttlMs?: number; holdMs?: number } = {}) {
  const clock = new TestClock(new Date('2031-01-01T00:00:00Z'));
  const table = new Map([['u1', 'ADMIN']]);
  let reads = 0;
  let gate: Promise<void> | undefined;
  const cache = new SignalledCache<string>({ clock, ttlMs: options.ttlMs ?? 5000, holdMs: options.holdMs });
  const load = async (id: string) => {
    reads += 1;
    // The row as the database had it when the read started, answered when the gate opens.
    const value = table.get(id);
    await gate;
    return value;
  };
  /** Makes the next reads wait until the answered function is called. */
  const stall = () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    return () => {
      gate = undefined;
      open();
    };
  };
  return { cache, table, clock, load, stall, reads: () => reads };
}

describe('SignalledCache', () => {
  it('answers from memory within its TTL, and reads again after it', async () => {
    const { cache, table, clock, load, reads } = setUp({ ttlMs: 5000 });
    assert.equal(await cache.get('u1', load), 'ADMIN');
    table.set('u1', 'USER');
    clock.advance(4.999);
    assert.equal(await cache.get('u1', load), 'ADMIN');
    clock.advance(0.001);
    assert.equal(await cache.get('u1', load), 'USER');
    assert.equal(reads(), 2);
  });

  it('forgets an id at its signal, so the next read sees the change', async () => {
    const { cache, table, load } = setUp();
    await cache.get('u1', load);
    table.set('u1', 'USER');
    cache.signal('u1');
    assert.equal(await cache.get('u1', load), 'USER');
  });

  it('does not store a read that started before a signal and finished after it', async () => {
    const { cache, table, load, stall, reads } = setUp();
    const open = stall();
    const stale = cache.get('u1', load);
    // The revocation commits and its signal arrives while the read is still out.
    table.delete('u1');
    cache.signal('u1');
    // A caller after the signal does not join the stale read: it reads again.
    const fresh = cache.get('u1', load);
    open();
    assert.equal(await stale, 'ADMIN', 'the early caller gets what the database had when it asked');
    assert.equal(await fresh, undefined);
    assert.equal(await cache.get('u1', load), undefined, 'the stale value never came back');
    assert.equal(reads(), 3);
  });

  it('joins concurrent misses of one id into one read', async () => {
    const { cache, load, stall, reads } = setUp();
    const open = stall();
    const all = Promise.all(Array.from({ length: 10 }, () => cache.get('u1', load)));
    open();
    assert.deepEqual(await all, Array(10).fill('ADMIN'));
    assert.equal(reads(), 1);
  });

  it('does not remember ids the loader did not find', async () => {
    const { cache, table, load } = setUp();
    assert.equal(await cache.get('u2', load), undefined);
    table.set('u2', 'USER');
    assert.equal(await cache.get('u2', load), 'USER');
  });

  it('reads a held id from the database until its signal, and releases the writer then', async () => {
    const { cache, table, load, reads } = setUp();
    await cache.get('u1', load);
    let released = false;
    const hold = cache.hold('u1').then(() => (released = true));
    // Written but not yet signalled (the transaction may not have committed): no cached answer.
    table.set('u1', 'USER');
    assert.equal(await cache.get('u1', load), 'USER');
    assert.equal(await cache.get('u1', load), 'USER');
    assert.equal(reads(), 3);
    assert.equal(released, false);
    cache.signal('u1');
    await hold;
    assert.equal(await cache.get('u1', load), 'USER');
    assert.equal(await cache.get('u1', load), 'USER');
    assert.equal(reads(), 4, 'cached again after the signal');
  });

  it('ends a hold that no signal ends', async () => {
    const { cache, load, reads } = setUp({ holdMs: 20 });
    await cache.hold('u1');
    await cache.get('u1', load);
    await cache.get('u1', load);
    assert.equal(reads(), 1);
  });

  it('forgets everything when signals may have been missed, and reads every time with a TTL of 0', async () => {
    const { cache, table, load } = setUp();
    await cache.get('u1', load);
    table.set('u1', 'USER');
    cache.signalAll();
    assert.equal(await cache.get('u1', load), 'USER');
    const off = setUp({ ttlMs: 0 });
    await off.cache.get('u1', off.load);
    await off.cache.get('u1', off.load);
    assert.equal(off.reads(), 2);
  });

  it('with a version, serves an entry only at the version it was loaded at: a change counts with no signal', async () => {
    const clock = new TestClock(new Date('2031-01-01T00:00:00Z'));
    const table = new Map([['u1', 'ADMIN']]);
    let version = 1;
    let reads = 0;
    const cache = new SignalledCache<string>({ clock, ttlMs: 5000, version: async () => String(version) });
    const load = async (id: string) => {
      reads += 1;
      return table.get(id);
    };
    assert.equal(await cache.get('u1', load), 'ADMIN');
    assert.equal(await cache.get('u1', load), 'ADMIN');
    assert.equal(reads, 1, 'remembered while the version stands');
    // A write commits (bumping the version); its signal has not arrived.
    table.set('u1', 'USER');
    version += 1;
    assert.equal(await cache.get('u1', load), 'USER');
    assert.equal(reads, 2);
    assert.equal(await cache.get('u1', load), 'USER');
    assert.equal(reads, 2, 'remembered again at the new version');
  });
});
