import { and, asc, count, eq } from 'drizzle-orm';
import { Repository, type Counted } from '../../platform/db/index.ts';
import { gameJoinRequests } from './games.table.ts';

export type JoinRequestRow = typeof gameJoinRequests.$inferSelect;

/** Join requests: SQL only. */
export class JoinRequestsRepository extends Repository {
  /** Undefined when the user already asked. */
  add(values: { gameId: string; userId: string; message: string | null; requestedAt: Date }): Promise<JoinRequestRow | undefined> {
    return this.insertedIfNew(gameJoinRequests, values);
  }

  /** Removes the request (approved, declined or withdrawn); undefined when there was none. */
  take(gameId: string, userId: string): Promise<JoinRequestRow | undefined> {
    return this.deleted(gameJoinRequests, and(eq(gameJoinRequests.gameId, gameId), eq(gameJoinRequests.userId, userId)));
  }

  async page(gameId: string, offset: number, limit: number): Promise<Counted<JoinRequestRow>> {
    const rows = await this.db
      .select()
      .from(gameJoinRequests)
      .where(eq(gameJoinRequests.gameId, gameId))
      .orderBy(asc(gameJoinRequests.seq))
      .offset(offset)
      .limit(limit);
    const [total] = await this.db.select({ n: count() }).from(gameJoinRequests).where(eq(gameJoinRequests.gameId, gameId));
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** A deleted account's requests go with it. */
  async forgetUser(userId: string): Promise<void> {
    await this.db.delete(gameJoinRequests).where(eq(gameJoinRequests.userId, userId));
  }
}
