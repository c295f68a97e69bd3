import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppError } from './errors.ts';
import { CursorCodec } from './cursor.ts';

describe('cursor codec', () => {
  const codec = new CursorCodec(Buffer.alloc(32, 7));

  it('round-trips a position under the same filters', () => {
    const cursor = codec.encode(['2026-11-22T10:00:00.000Z', 'a1'], 'activity=1');
    assert.match(cursor, /^[A-Za-z0-9_.-]+$/);
    assert.deepEqual(codec.decode(cursor, 'activity=1'), ['2026-11-22T10:00:00.000Z', 'a1']);
  });

  it('refuses a cursor made under other filters, a tampered one and garbage with 400', () => {
    const cursor = codec.encode([1, 'x'], 'a');
    const [payload, seal] = cursor.split('.');
    const forged = `${Buffer.from('[2,"x"]').toString('base64url')}.${seal}`;
    for (const bad of [forged, `${payload}.`, 'garbage', '', `${cursor}.x`]) {
      assert.throws(
        () => codec.decode(bad, 'a'),
        (error: AppError) => error.status === 400 && error.code === 'invalid_cursor',
      );
    }
    assert.throws(
      () => codec.decode(cursor, 'b'),
      (error: AppError) => error.status === 400,
    );
  });
});
