import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Rounds } from './rounds.ts';

describe('Rounds', () => {
  it('serves the asks of one tick in one round, and asks made during a round in the next, never two at once', async () => {
    const asked: number[] = [];
    const served: number[][] = [];
    let inFlight = 0;
    let most = 0;
    let release: () => void = () => {};
    const rounds = new Rounds(
      async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        served.push(asked.splice(0));
        if (served.length === 1) await new Promise<void>((resolve) => (release = resolve));
        inFlight--;
      },
      () => asked.length > 0,
    );
    const ask = (n: number) => {
      asked.push(n);
      rounds.request();
    };
    ask(1);
    ask(2);
    await new Promise((resolve) => setImmediate(resolve));
    ask(3);
    ask(4);
    release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.deepEqual(served, [
      [1, 2],
      [3, 4],
    ]);
    assert.equal(most, 1);
  });
});
