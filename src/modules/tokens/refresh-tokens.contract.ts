import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { KeyValueStore } from '../../platform/kv/index.ts';
import { openTestStore, type StoreVariant } from '../../../test/helpers/store.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { RefreshTokens } from './refresh-tokens.ts';

/** Counts the store's calls, so a test can say how many round trips a rotation took. */
function counting(store: KeyValueStore): { store: KeyValueStore; calls: string[] } {
  const calls: string[] = [];
  const proxy = new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, calls };
}

/**
 * A token of an earlier key layout, written as the service wrote it then: `legacy`, a bare secret
 * under global keys (before keys carried the user id); `user-tagged`, the secret prefixed with its
 * user and family, under keys hashed to the user's slot.
 */
async function earlierToken(store: KeyValueStore, userId: string, layout: 'legacy' | 'user-tagged'): Promise<string> {
  const family = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const token = layout === 'legacy' ? secret : `${userId}.${family}.${secret}`;
  const hash = createHash('sha256').update(token).digest('hex');
  const keys =
    layout === 'legacy'
      ? { families: `rt:user:${userId}`, family: `rt:family:${family}`, token: `rt:${hash}` }
      : { families: `rt:{${userId}}:families`, family: `rt:{${userId}}:f:${family}`, token: `rt:{${userId}}:t:${hash}` };
  await store.writeAll([
    { op: 'addToSet', key: keys.families, member: family, ttlSeconds: 600 },
    { op: 'addToSet', key: keys.family, member: hash, ttlSeconds: 600 },
    { op: 'set', key: keys.token, value: JSON.stringify({ userId, family }), ttlSeconds: 600 },
  ]);
  return token;
}

const refused = { code: 'invalid_refresh_token' };

/**
 * How refresh tokens live in the store, on every kind of store: a rotation changes one key by
 * compare-and-set (on a Cluster, one node), and tokens of the earlier key layouts still rotate and revoke.
 */
export function refreshTokensSuite(variant: StoreVariant): void {
  describe(`refresh tokens in the store (${variant.name})`, () => {
    let store: KeyValueStore;
    let raw: KeyValueStore;
    let calls: string[];
    let tokens: RefreshTokens;
    let close: () => Promise<void>;

    before(async () => {
      ({ store: raw, close } = await openTestStore(variant, 'rt-test'));
      ({ store, calls } = counting(raw));
      tokens = new RefreshTokens(store, 600);
    });
    after(() => close());

    it('rotates with one conditional write of one key, whatever node holds it', async () => {
      const userId = randomUUID();
      const first = await tokens.issue(userId);
      calls.length = 0;
      const second = await tokens.rotate(first);
      // The token's record, its family's state, the compare-and-set, then the successor's record.
      assert.deepEqual(calls, ['get', 'get', 'compareAndSet', 'writeAll']);
      assert.equal(second.userId, userId);
      assert.match(second.token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal((await tokens.rotate(second.token)).userId, userId);
    });

    for (const [layout, named] of [
      ['user-tagged', 'of the user-tagged layout'],
      ['legacy', 'issued before the change'],
    ] as const)
      it(`rotates a token ${named} into one of today, in the same family`, async () => {
        const userId = randomUUID();
        const old = await earlierToken(raw, userId, layout);
        const next = await tokens.rotate(old);
        assert.equal(next.userId, userId);
        await assert.rejects(tokens.rotate(old), refused);
        // The reuse of the old token revoked the family, and with it the successor.
        await assert.rejects(tokens.rotate(next.token), refused);
      });

    it('revokes every session of a user, of both shapes', async () => {
      const userId = randomUUID();
      const old = await earlierToken(raw, userId, 'legacy');
      const current = await tokens.issue(userId);
      const rotated = (await tokens.rotate(await tokens.issue(userId))).token;
      await tokens.revokeAll(userId);
      for (const token of [old, current, rotated]) await assert.rejects(tokens.rotate(token), refused);
    });

    it('answers a retry of the previous token within the grace with the same successor, and revokes after it', async () => {
      const clock = new TestClock();
      const graced = new RefreshTokens(store, 600, { graceMs: 2000, clock });
      const userId = randomUUID();
      const first = await graced.issue(userId);
      const answers = await Promise.all(Array.from({ length: 20 }, () => graced.rotate(first)));
      assert.equal(new Set(answers.map((answer) => answer.token)).size, 1, 'one successor for concurrent rotations');
      clock.advance(1.999);
      assert.equal((await graced.rotate(first)).token, answers[0]!.token);
      clock.advance(0.001);
      await assert.rejects(graced.rotate(first), refused);
      await assert.rejects(graced.rotate(answers[0]!.token), refused);
    });

    it('refuses a token whose family was revoked, and a token it never issued', async () => {
      const userId = randomUUID();
      const token = await tokens.issue(userId);
      await tokens.revokeAll(userId);
      await assert.rejects(tokens.rotate(token), refused);
      await assert.rejects(tokens.rotate(randomBytes(32).toString('base64url')), refused);
    });
  });
}
