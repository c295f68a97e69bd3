import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomSecret } from './random.ts';

describe('randomSecret', () => {
  it('gives 32 bytes as 43 base64url characters, never the same twice, across many refills of its pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const secret = randomSecret();
      assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
      seen.add(secret);
    }
    assert.equal(seen.size, 2_000);
  });

  it('spreads its bytes evenly (each value of a byte within 40 % of its expected count)', () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 4_000; i++) for (const byte of Buffer.from(randomSecret(), 'base64url')) counts[byte]!++;
    const expected = (4_000 * 32) / 256;
    for (const count of counts) assert.ok(Math.abs(count - expected) < expected * 0.4, `a byte value came ${count} times, expected about ${expected}`);
  });

  it('gives the sizes asked for, and refuses what its pool cannot hold', () => {
    assert.equal(Buffer.from(randomSecret(16), 'base64url').length, 16);
    assert.equal(Buffer.from(randomSecret(8192), 'base64url').length, 8192);
    assert.throws(() => randomSecret(8193), RangeError);
    assert.throws(() => randomSecret(0), RangeError);
  });
});
