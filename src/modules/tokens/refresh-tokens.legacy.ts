import { createHash } from 'node:crypto';
import type { KeyValueStore, StoreWrite } from '../../platform/kv/index.ts';

interface LegacyRecord {
  userId: string;
  family: string;
  challenge?: string;
}

// Two earlier layouts of refresh tokens, whose tokens may still be held by clients until they
// expire: a bare secret (`rt:<hash>`), then `<user id>.<family>.<secret>` with the user id as every
// key's hash tag. Their tokens still rotate, once, into today's opaque ones in the same family, and
// are revoked with it. The user's list of families keeps the second layout's key: today's families
// are listed there too.
const tagged = {
  tokenKey: (userId: string, hash: string) => `rt:{${userId}}:t:${hash}`,
  familyKey: (userId: string, family: string) => `rt:{${userId}}:f:${family}`,
  familyRevokedKey: (userId: string, family: string) => `rt:{${userId}}:fr:${family}`,
  userKey: (userId: string) => `rt:{${userId}}:families`,
};
const bare = {
  tokenKey: (hash: string) => `rt:${hash}`,
  familyKey: (family: string) => `rt:family:${family}`,
  familyRevokedKey: (family: string) => `rt:family-revoked:${family}`,
  userKey: (userId: string) => `rt:user:${userId}`,
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TAGGED_SHAPE = new RegExp(`^(${UUID})\\.(${UUID})\\.[A-Za-z0-9_-]{43}$`);
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type LegacyLayout = ReturnType<typeof legacy>;

export function legacy(store: KeyValueStore, ttlSeconds: number) {
  return {
    /** The write that lists a family under its user (and keeps the list alive as long as the family). */
    userFamily: (userId: string, family: string): StoreWrite => ({ op: 'addToSet', key: tagged.userKey(userId), member: family, ttlSeconds }),

    /** Marks an earlier layout's token used; its record, and whether this was its first use. */
    async spend(token: string): Promise<{ record: LegacyRecord; firstUse: boolean } | undefined> {
      const match = TAGGED_SHAPE.exec(token);
      const consumed = await store.consume(match ? tagged.tokenKey(match[1]!, hashOf(token)) : bare.tokenKey(hashOf(token)));
      if (!consumed) return undefined;
      return { record: JSON.parse(consumed.value) as LegacyRecord, firstUse: consumed.firstUse };
    },

    async isRevoked(userId: string, family: string): Promise<boolean> {
      const marks = await Promise.all([store.get(tagged.familyRevokedKey(userId, family)), store.get(bare.familyRevokedKey(family))]);
      return marks.some((mark) => mark !== null);
    },

    async revokeFamily(userId: string, family: string): Promise<void> {
      await store.writeAll([
        { op: 'set', key: tagged.familyRevokedKey(userId, family), value: '1', ttlSeconds },
        { op: 'set', key: bare.familyRevokedKey(family), value: '1', ttlSeconds },
      ]);
      const [hashes, bareHashes] = await Promise.all([store.members(tagged.familyKey(userId, family)), store.members(bare.familyKey(family))]);
      await store.delete(
        ...hashes.map((hash) => tagged.tokenKey(userId, hash)),
        tagged.familyKey(userId, family),
        ...bareHashes.map(bare.tokenKey),
        bare.familyKey(family),
      );
    },

    async familiesOf(userId: string): Promise<Set<string>> {
      return new Set([...(await store.members(tagged.userKey(userId))), ...(await store.members(bare.userKey(userId)))]);
    },

    forgetUser: (userId: string) => store.delete(tagged.userKey(userId), bare.userKey(userId)),
  };
}
