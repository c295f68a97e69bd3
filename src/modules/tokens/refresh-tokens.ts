import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { StoredRecords, type StoreWrite } from '../../platform/kv/index.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import { randomSecret } from '../../platform/random.ts';

interface RefreshRecord {
  userId: string;
  family: string;
  /** The app's S256 challenge (mobile one-time tokens only): redeeming needs its verifier. */
  challenge?: string;
}

// A token is `<user id>.<family>.<secret>`, and every key of a user's tokens carries the user id
// as its hash tag: a rotation (spend the old token, store its successor in the family, keep the
// user's list of families alive) is one script on one Redis Cluster node, one round trip.
const tokenKey = (userId: string, hash: string) => `rt:{${userId}}:t:${hash}`;
const familyKey = (userId: string, family: string) => `rt:{${userId}}:f:${family}`;
const familyRevokedKey = (userId: string, family: string) => `rt:{${userId}}:fr:${family}`;
const userKey = (userId: string) => `rt:{${userId}}:families`;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

// Tokens issued before the user-tagged keys were a bare secret with keys of their own; they still
// rotate (into a token of today's shape, in the same family) and are revoked with the others.
const legacy = {
  tokenKey: (hash: string) => `rt:${hash}`,
  familyKey: (family: string) => `rt:family:${family}`,
  familyRevokedKey: (family: string) => `rt:family-revoked:${family}`,
  userKey: (userId: string) => `rt:user:${userId}`,
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TOKEN_SHAPE = new RegExp(`^(${UUID})\\.(${UUID})\\.[A-Za-z0-9_-]{43}$`);

/** The user and family a token names (its keys' address, proven only by finding its hash there). */
function addressOf(token: string): { userId: string; family: string } | undefined {
  const match = TOKEN_SHAPE.exec(token);
  return match ? { userId: match[1]!, family: match[2]! } : undefined;
}

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
export class RefreshTokens extends StoredRecords {
  /** A new token; a new family unless one is given (rotation). */
  async issue(userId: string, options: { family?: string; ttlSeconds?: number; challenge?: string } = {}): Promise<string> {
    const next = this.#next(userId, options);
    await this.store.writeAll(next.writes);
    return next.token;
  }

  /**
   * A token and the writes that store it. In this order (a Cluster may apply them one by one): the
   * token never exists without its family and the user's list of families naming it, so a
   * revocation can always reach it.
   */
  #next(userId: string, options: { family?: string; ttlSeconds?: number; challenge?: string }): { token: string; writes: StoreWrite[] } {
    const family = options.family ?? randomUUID();
    const token = `${userId}.${family}.${randomSecret(32)}`;
    const hash = hashOf(token);
    const record: RefreshRecord = { userId, family, ...(options.challenge ? { challenge: options.challenge } : {}) };
    const writes: StoreWrite[] = [
      { op: 'addToSet', key: userKey(userId), member: family, ttlSeconds: this.ttlSeconds },
      { op: 'addToSet', key: familyKey(userId, family), member: hash, ttlSeconds: this.ttlSeconds },
      { op: 'set', key: tokenKey(userId, hash), value: JSON.stringify(record), ttlSeconds: options.ttlSeconds ?? this.ttlSeconds },
    ];
    return { token, writes };
  }

  /**
   * Consumes a token once and issues its successor in the same family, in one store call: the
   * successor is written only on the first use of a token whose family is not revoked. A token
   * bound to a code challenge is burnt by a wrong or missing verifier: whoever holds it without the
   * verifier intercepted it or was handed someone else's sign-in (the successor written with it
   * goes with its family).
   */
  async rotate(token: string, verifier?: string): Promise<{ userId: string; token: string }> {
    const address = addressOf(token);
    if (!address) return this.#rotateLegacy(token, verifier);
    const { userId, family } = address;
    const next = this.#next(userId, { family });
    const consumed = await this.store.consumeAndWrite(tokenKey(userId, hashOf(token)), familyRevokedKey(userId, family), next.writes);
    if (!consumed) throw invalidRefreshToken();
    const record = JSON.parse(consumed.value) as RefreshRecord;
    if (!consumed.firstUse || (record.challenge && !verifierMatches(record.challenge, verifier))) {
      await this.revokeFamily(userId, family);
      throw invalidRefreshToken();
    }
    if (!consumed.written) throw invalidRefreshToken();
    return { userId, token: next.token };
  }

  async #rotateLegacy(token: string, verifier?: string): Promise<{ userId: string; token: string }> {
    const consumed = await this.store.consume(legacy.tokenKey(hashOf(token)));
    if (!consumed) throw invalidRefreshToken();
    const record = JSON.parse(consumed.value) as RefreshRecord;
    if (!consumed.firstUse || (record.challenge && !verifierMatches(record.challenge, verifier))) {
      await this.revokeFamily(record.userId, record.family);
      throw invalidRefreshToken();
    }
    if (await this.store.get(legacy.familyRevokedKey(record.family))) throw invalidRefreshToken();
    return { userId: record.userId, token: await this.issue(record.userId, { family: record.family }) };
  }

  /**
   * Logout by refresh token: a live one names its owner (whose sessions all end). An already used
   * one is a reuse, and like any reuse it ends its own family and nothing else: whoever holds a
   * rotated token may not be its owner.
   */
  async ownerForLogout(token: string): Promise<string | undefined> {
    const address = addressOf(token);
    const consumed = await this.store.consume(address ? tokenKey(address.userId, hashOf(token)) : legacy.tokenKey(hashOf(token)));
    if (!consumed) return undefined;
    const record = JSON.parse(consumed.value) as RefreshRecord;
    if (consumed.firstUse) return record.userId;
    await this.revokeFamily(record.userId, record.family);
    return undefined;
  }

  /** Ends a family in both key layouts (a family begun before the change goes on in today's). */
  async revokeFamily(userId: string, family: string): Promise<void> {
    await this.store.writeAll([
      { op: 'set', key: familyRevokedKey(userId, family), value: '1', ttlSeconds: this.ttlSeconds },
      { op: 'set', key: legacy.familyRevokedKey(family), value: '1', ttlSeconds: this.ttlSeconds },
    ]);
    const [hashes, legacyHashes] = await Promise.all([this.store.members(familyKey(userId, family)), this.store.members(legacy.familyKey(family))]);
    await this.store.delete(
      ...hashes.map((hash) => tokenKey(userId, hash)),
      familyKey(userId, family),
      ...legacyHashes.map(legacy.tokenKey),
      legacy.familyKey(family),
    );
  }

  async revokeAll(userId: string): Promise<void> {
    const families = new Set([...(await this.store.members(userKey(userId))), ...(await this.store.members(legacy.userKey(userId)))]);
    for (const family of families) await this.revokeFamily(userId, family);
    await this.store.delete(userKey(userId), legacy.userKey(userId));
  }
}
