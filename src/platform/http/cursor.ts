import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { badRequest } from './errors.ts';

type Position = Array<string | number>;

/**
 * Opaque keyset cursors: the position plus a digest of the filters it was made under, sealed
 * with an HMAC so that a tampered cursor, or one reused under other filters, is refused.
 */
export class CursorCodec {
  // A key object made once: every listing page seals a cursor, and a raw Buffer key is re-imported per HMAC.
  readonly #key: KeyObject;

  constructor(key: Buffer) {
    this.#key = createSecretKey(key);
  }

  encode(position: Position, scope: string): string {
    const payload = Buffer.from(JSON.stringify(position)).toString('base64url');
    return `${payload}.${this.#seal(payload, scope)}`;
  }

  decode(cursor: string, scope: string): Position {
    const [payload, seal, extra] = cursor.split('.');
    const expected = payload ? this.#seal(payload, scope) : '';
    const given = Buffer.from(seal ?? '');
    if (!payload || extra !== undefined || given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
      throw invalidCursor();
    }
    try {
      const position: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (Array.isArray(position) && position.every((p) => typeof p === 'string' || typeof p === 'number')) return position;
    } catch {
      // falls through to the same answer as any other bad cursor
    }
    throw invalidCursor();
  }

  #seal(payload: string, scope: string): string {
    return createHmac('sha256', this.#key).update(scope).update('\0').update(payload).digest('base64url').slice(0, 22);
  }
}

const invalidCursor = () =>
  badRequest('invalid_cursor', 'The cursor is malformed, was tampered with, or belongs to other filters.', [
    { field: 'cursor', location: 'query', message: 'is not a valid cursor for this query' },
  ]);
