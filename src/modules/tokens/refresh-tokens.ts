import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { KeyValueStore } from '../../platform/kv/index.ts';
import { unauthorized } from '../../platform/http/errors.ts';

interface RefreshRecord {
  userId: string;
  family: string;
  /** The app's S256 challenge (mobile one-time tokens only): redeeming needs its verifier. */
  challenge?: string;
}

const tokenKey = (hash: string) => `rt:${hash}`;
const familyKey = (family: string) => `rt:family:${family}`;
const familyRevokedKey = (family: string) => `rt:family-revoked:${family}`;
const userKey = (userId: string) => `rt:user:${userId}`;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function verifierMatches(challenge: string, verifier: string | undefined): boolean {
  if (!verifier) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

export const invalidRefreshToken = () => unauthorized('invalid_refresh_token', 'The refresh token is invalid, expired or already used.');

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
  async issue(userId: string, options: { family?: string; ttlSeconds?: number; challenge?: string } = {}): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const hash = hashOf(token);
    const family = options.family ?? randomUUID();
    const ttl = options.ttlSeconds ?? this.#ttl;
    const record: RefreshRecord = { userId, family, ...(options.challenge ? { challenge: options.challenge } : {}) };
    // One atomic call (one round trip on Redis): the token never exists without its family and
    // the user's list of families naming it, so a revocation can always reach it.
    await this.#store.writeAll([
      { op: 'addToSet', key: userKey(userId), member: family, ttlSeconds: this.#ttl },
      { op: 'addToSet', key: familyKey(family), member: hash, ttlSeconds: this.#ttl },
      { op: 'set', key: tokenKey(hash), value: JSON.stringify(record), ttlSeconds: ttl },
    ]);
    return token;
  }

  /**
   * Consumes a token once and issues its successor in the same family. A token bound to a code
   * challenge is burnt by a wrong or missing verifier: whoever holds it without the verifier
   * intercepted it or was handed someone else's sign-in.
   */
  async rotate(token: string, verifier?: string): Promise<{ userId: string; token: string }> {
    const consumed = await this.#store.consume(tokenKey(hashOf(token)));
    if (!consumed) throw invalidRefreshToken();
    const record = JSON.parse(consumed.value) as RefreshRecord;
    if (!consumed.firstUse || (record.challenge && !verifierMatches(record.challenge, verifier))) {
      await this.revokeFamily(record.family);
      throw invalidRefreshToken();
    }
    if (await this.#store.get(familyRevokedKey(record.family))) throw invalidRefreshToken();
    return { userId: record.userId, token: await this.issue(record.userId, { family: record.family }) };
  }

  /**
   * Logout by refresh token: a live one names its owner (whose sessions all end). An already used
   * one is a reuse, and like any reuse it ends its own family and nothing else: whoever holds a
   * rotated token may not be its owner.
   */
  async ownerForLogout(token: string): Promise<string | undefined> {
    const consumed = await this.#store.consume(tokenKey(hashOf(token)));
    if (!consumed) return undefined;
    const record = JSON.parse(consumed.value) as RefreshRecord;
    if (consumed.firstUse) return record.userId;
    await this.revokeFamily(record.family);
    return undefined;
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
