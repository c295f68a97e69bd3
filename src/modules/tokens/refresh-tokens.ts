import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { StoredRecords, type KeyValueStore } from '../../platform/kv/index.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import { randomSecret } from '../../platform/random.ts';
import { legacy, type LegacyLayout } from './refresh-tokens.legacy.ts';

interface RefreshRecord {
  userId: string;
  family: string;
  /** The app's S256 challenge (mobile one-time tokens only): redeeming needs its verifier. */
  challenge?: string;
}

/**
 * A family's one piece of mutable state: which token is live, and the one before it with the time
 * it was rotated and its successor sealed with it, for a retried rotation. Every change is a
 * compare-and-set of this one key, so a rotation never needs its keys in one Cluster slot.
 */
interface FamilyState {
  current: string;
  previous?: string;
  rotatedAt?: number;
  sealed?: string;
}

// The token is 32 random bytes and nothing else; its record is found by the hash alone.
const recordKey = (hash: string) => `rt:t:${hash}`;
const familyKey = (family: string) => `rt:f:${family}`;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function verifierMatches(challenge: string, verifier: string | undefined): boolean {
  if (!verifier) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

// A successor is kept sealed with a key only its predecessor gives: the store alone cannot open it.
const sealKey = (token: string) => createHash('sha256').update('refresh-successor\0').update(token).digest();

function seal(predecessor: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(predecessor), iv);
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(predecessor: string, sealed: string): string | undefined {
  const bytes = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(predecessor), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

export const invalidRefreshToken = () => unauthorized('invalid_refresh_token', 'The refresh token is invalid, expired or already used.');

/** Concurrent rotations of one token: a loser reads again and then finds the retry case, so a few rounds end it. */
const ROUNDS = 5;

/**
 * Opaque single-use refresh tokens. The store keeps only SHA-256 hashes; every token belongs to a
 * family (one sign-in). Presenting a rotated token revokes the whole family, except the immediately
 * previous token within `graceMs` of its rotation: it answers with the same successor again (a lost
 * response retried), as long as that successor has not been used.
 */
export class RefreshTokens extends StoredRecords {
  readonly #graceMs: number;
  readonly #clock: Clock;
  readonly #legacy: LegacyLayout;

  constructor(store: KeyValueStore, ttlSeconds: number, options: { graceMs?: number; clock?: Clock } = {}) {
    super(store, ttlSeconds);
    this.#graceMs = options.graceMs ?? 0;
    this.#clock = options.clock ?? { now: () => new Date() };
    this.#legacy = legacy(store, ttlSeconds);
  }

  /** A new token; a new family unless one is given (a token of an earlier layout carried on). */
  async issue(userId: string, options: { family?: string; ttlSeconds?: number; challenge?: string } = {}): Promise<string> {
    const token = randomSecret(32);
    const family = options.family ?? randomUUID();
    const record: RefreshRecord = { userId, family, ...(options.challenge ? { challenge: options.challenge } : {}) };
    const state: FamilyState = { current: hashOf(token) };
    // In this order (a Cluster applies them one by one): the family state that makes the token live comes last.
    await this.store.writeAll([
      this.#legacy.userFamily(userId, family),
      { op: 'set', key: recordKey(state.current), value: JSON.stringify(record), ttlSeconds: options.ttlSeconds ?? this.ttlSeconds },
      { op: 'set', key: familyKey(family), value: JSON.stringify(state), ttlSeconds: options.ttlSeconds ?? this.ttlSeconds },
    ]);
    return token;
  }

  /**
   * Spends a token and answers its successor in the same family. The family's state changes only
   * by compare-and-set, so of concurrent rotations one writes the successor and the others, reading
   * again, are retries of it. A token bound to a code challenge is burnt (with its family) by a
   * wrong or missing verifier: whoever holds it without the verifier intercepted it.
   */
  async rotate(token: string, verifier?: string): Promise<{ userId: string; token: string }> {
    const hash = hashOf(token);
    const stored = await this.store.get(recordKey(hash));
    if (!stored) return this.#rotateLegacy(token, verifier);
    const record = JSON.parse(stored) as RefreshRecord;
    if (record.challenge && !verifierMatches(record.challenge, verifier)) {
      await this.revokeFamily(record.userId, record.family);
      throw invalidRefreshToken();
    }
    for (let round = 0; round < ROUNDS; round++) {
      const current = await this.store.get(familyKey(record.family));
      if (!current) throw invalidRefreshToken();
      const state = JSON.parse(current) as FamilyState;
      const successor = state.current === hash ? randomSecret(32) : this.#retried(state, hash, token);
      if (!successor) break;
      if (state.current === hash) {
        const next: FamilyState = { current: hashOf(successor), previous: hash, rotatedAt: this.#clock.now().getTime(), sealed: seal(token, successor) };
        if (!(await this.store.compareAndSet(familyKey(record.family), current, JSON.stringify(next), this.ttlSeconds))) continue;
      }
      // Also on a retry: the first answer may have been lost before its record was written.
      await this.store.writeAll([
        this.#legacy.userFamily(record.userId, record.family),
        { op: 'set', key: recordKey(hashOf(successor)), value: JSON.stringify({ userId: record.userId, family: record.family }), ttlSeconds: this.ttlSeconds },
      ]);
      return { userId: record.userId, token: successor };
    }
    await this.revokeFamily(record.userId, record.family);
    throw invalidRefreshToken();
  }

  /** The successor a retried rotation answers again: the previous token, within the grace, successor unused. */
  #retried(state: FamilyState, hash: string, token: string): string | undefined {
    if (state.previous !== hash || state.rotatedAt === undefined || !state.sealed) return undefined;
    if (this.#clock.now().getTime() - state.rotatedAt >= this.#graceMs) return undefined;
    return unseal(token, state.sealed);
  }

  async #rotateLegacy(token: string, verifier?: string): Promise<{ userId: string; token: string }> {
    const spent = await this.#legacy.spend(token);
    if (!spent) throw invalidRefreshToken();
    const { record, firstUse } = spent;
    if (!firstUse || (record.challenge && !verifierMatches(record.challenge, verifier))) {
      await this.revokeFamily(record.userId, record.family);
      throw invalidRefreshToken();
    }
    if (await this.#legacy.isRevoked(record.userId, record.family)) throw invalidRefreshToken();
    return { userId: record.userId, token: await this.issue(record.userId, { family: record.family }) };
  }

  /**
   * Logout by refresh token: a live one (or the previous one within its grace) names its owner,
   * whose sessions all end. An older one is a reuse, and like any reuse it ends its own family and
   * nothing else: whoever holds a rotated token may not be its owner.
   */
  async ownerForLogout(token: string): Promise<string | undefined> {
    const hash = hashOf(token);
    const stored = await this.store.get(recordKey(hash));
    if (!stored) {
      const spent = await this.#legacy.spend(token);
      if (!spent) return undefined;
      if (spent.firstUse) return spent.record.userId;
      await this.revokeFamily(spent.record.userId, spent.record.family);
      return undefined;
    }
    const record = JSON.parse(stored) as RefreshRecord;
    const current = await this.store.get(familyKey(record.family));
    if (!current) return undefined;
    const state = JSON.parse(current) as FamilyState;
    if (state.current === hash || this.#retried(state, hash, token)) return record.userId;
    await this.revokeFamily(record.userId, record.family);
    return undefined;
  }

  /** Ends a family: its state first (nothing rotates after that), then what earlier layouts kept. */
  async revokeFamily(userId: string, family: string): Promise<void> {
    await this.store.delete(familyKey(family));
    await this.#legacy.revokeFamily(userId, family);
  }

  async revokeAll(userId: string): Promise<void> {
    const families = await this.#legacy.familiesOf(userId);
    for (const family of families) await this.revokeFamily(userId, family);
    await this.#legacy.forgetUser(userId);
  }
}
