import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type Counted, inAny, Repository, type Transaction } from '../../platform/db/index.ts';
import { users } from './users.table.ts';

export type UserRow = typeof users.$inferSelect;

/** NOTIFY channel of changes to who may use the service (roles, deletion); the payload is the user id. */
export const ACCESS_CHANNEL = 'user_access';

export interface AccessUser {
  id: string;
  authProvider: string;
  providerSubject: string;
  roles: string[];
}

export class UsersRepository extends Repository {
  /** The per-request lookup behind every authenticated call, for many users in one statement (the live ones among them). */
  findAccessUsers(ids: string[]): Promise<AccessUser[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: users.id, authProvider: users.authProvider, providerSubject: users.providerSubject, roles: users.roles })
      .from(users)
      .where(and(inAny(users.id, ids, 'uuid'), isNull(users.deletedAt)));
  }

  namesByIds(ids: string[]): Promise<Array<{ id: string; name: string | null }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inAny(users.id, ids, 'uuid'));
  }

  async liveIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inAny(users.id, ids, 'uuid'), isNull(users.deletedAt)));
    return rows.map((row) => row.id);
  }

  findLive(id: string): Promise<UserRow | undefined> {
    return this.first(users, and(eq(users.id, id), isNull(users.deletedAt)));
  }

  /**
   * Inserts unless a live user has this identity; answers the row and whether it is new. The
   * provider's name only fills a missing one: the name a user gave in their profile is theirs.
   */
  async upsertIdentity(input: { authProvider: string; providerSubject: string; name?: string; email?: string }): Promise<{ row: UserRow; created: boolean }> {
    const inserted = await this.db
      .insert(users)
      .values({ authProvider: input.authProvider, providerSubject: input.providerSubject, name: input.name, email: input.email })
      .onConflictDoNothing({ target: [users.authProvider, users.providerSubject], where: sql`deleted_at IS NULL` })
      .returning();
    if (inserted[0]) return { row: inserted[0], created: true };
    const [existing] = await this.db
      .update(users)
      .set({
        ...(input.name !== undefined ? { name: sql`coalesce(${users.name}, ${input.name})` } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(users.authProvider, input.authProvider), eq(users.providerSubject, input.providerSubject), isNull(users.deletedAt)))
      .returning();
    if (!existing) throw new Error('identity vanished between insert and update');
    return { row: existing, created: false };
  }

  async page(options: { q?: string; limit: number; offset: number }): Promise<Counted<UserRow>> {
    const pattern = options.q ? `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = and(isNull(users.deletedAt), pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined);
    return this.counted(
      this.db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(options.limit).offset(options.offset),
      users,
      where,
    );
  }

  async rename(id: string, name: string): Promise<boolean> {
    const renamed = await this.db
      .update(users)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .returning({ id: users.id });
    return renamed.length > 0;
  }

  /**
   * Soft-deletes the account and keeps nothing that identifies the person: the provider subject
   * is replaced too, which also frees that identity for a new sign-up.
   */
  async erase(id: string): Promise<boolean> {
    const now = new Date();
    return this.db.transaction(async (tx) => {
      const erased = await tx
        .update(users)
        .set({ name: null, email: null, providerSubject: sql`'erased:' || ${users.id}::text`, roles: [], updatedAt: now, deletedAt: now })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning({ id: users.id });
      if (erased.length > 0) await signalAccessChange(tx, id);
      return erased.length > 0;
    });
  }

  /** Sends the user's access signal outside any transaction (a logout changes no row). */
  async signalAccess(id: string): Promise<void> {
    await this.db.execute(sql`SELECT pg_notify(${ACCESS_CHANNEL}, ${id}::text)`);
  }

  /** The live user, locked until the transaction ends (a role change reads the roles it replaces). */
  lockLive(id: string): Promise<UserRow | undefined> {
    return this.first(users, and(eq(users.id, id), isNull(users.deletedAt)), 'update');
  }

  /** Within the caller's transaction: every instance's access cache hears of it at commit. */
  async setRoles(id: string, roles: string[]): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ roles, updatedAt: new Date() })
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .returning();
    if (row) await this.db.execute(sql`SELECT pg_notify(${ACCESS_CHANNEL}, ${id}::text)`);
    return row;
  }
}

/**
 * Tells every instance's access cache, at commit (NOTIFY is transactional: a rollback sends
 * nothing), that this user's roles or existence changed.
 */
async function signalAccessChange(tx: Transaction, id: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${ACCESS_CHANNEL}, ${id}::text)`);
}

/** The name of the user `userId` names: for another module's statement (a games page brings organiser names with its rows). */
export function userNameOf(userId: SQL): SQL<string | null> {
  return sql<string | null>`(SELECT u.name FROM ${users} u WHERE u.id = ${userId})`;
}
