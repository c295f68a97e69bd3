import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { KeyValueStore } from '../../platform/kv/index.ts';
import { unauthorized } from '../../platform/http/errors.ts';

interface RefreshRecord {
  userId: string;
  family: string;
}

const tokenKey = (hash: string) => `rt:${hash}`;
const familyKey = (family: string) => `rt:family:${family}`;
const familyRevokedKey = (family: string) => `rt:family-revoked:${family}`;
const userKey = (userId: string) => `rt:user:${userId}`;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const invalidRefreshToken = () =>
  unauthorized('invalid_refresh_token', 'The refresh token is invalid, expired or already used.');

/**
 * Opaque single-use refresh tokens. The store keeps only SHA-256 hashes; every token belongs to
 * a family (one sign-in), so presenting a rotated token revokes the whole family.
 */
export class RefreshTokens {
  readonly #store: KeyValueStore;
  readonly #ttl: number;

  constructor(store: KeyValueStore, ttlSeconds: number) {
    this.#store = store;
    this.#ttl = ttlSeconds;
  }

  /** A new token; a new family unless one is given (rotation). */
  async issue(userId: string, options: { family?: string; ttlSeconds?: number } = {}): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const hash = hashOf(token);
    const family = options.family ?? randomUUID();
    const ttl = options.ttlSeconds ?? this.#ttl;
    const record: RefreshRecord = { userId, family };
    // One atomic call (one round trip on Redis): the token never exists without its family and
    // the user's list of families naming it, so a revocation can always reach it.
    await this.#store.writeAll([
      { op: 'addToSet', key: userKey(userId), member: family, ttlSeconds: this.#ttl },
      { op: 'addToSet', key: familyKey(family), member: hash, ttlSeconds: this.#ttl },
      { op: 'set', key: tokenKey(hash), value: JSON.stringify(record), ttlSeconds: ttl },
    ]);
    return token;
  }

  /** Consumes a token once and issues its successor in the same family. */
  async rotate(token: string): Promise<{ userId: string; token: string }> {
    const consumed = await this.#store.consume(tokenKey(hashOf(token)));
    if (!consumed) throw invalidRefreshToken();
    const record = JSON.parse(consumed.value) as RefreshRecord;
    if (!consumed.firstUse) {
      await this.revokeFamily(record.family);
      throw invalidRefreshToken();
    }
    if (await this.#store.get(familyRevokedKey(record.family))) throw invalidRefreshToken();
    return { userId: record.userId, token: await this.issue(record.userId, { family: record.family }) };
  }

  /** The owner of a live, unused token, without using it (logout by refresh token). */
  async ownerOf(token: string): Promise<string | undefined> {
    const value = await this.#store.get(tokenKey(hashOf(token)));
    return value ? (JSON.parse(value) as RefreshRecord).userId : undefined;
  }

  async revokeFamily(family: string): Promise<void> {
    await this.#store.set(familyRevokedKey(family), '1', this.#ttl);
    const hashes = await this.#store.members(familyKey(family));
    await this.#store.delete(...hashes.map(tokenKey), familyKey(family));
  }

  async revokeAll(userId: string): Promise<void> {
    for (const family of await this.#store.members(userKey(userId))) await this.revokeFamily(family);
    await this.#store.delete(userKey(userId));
  }
}
