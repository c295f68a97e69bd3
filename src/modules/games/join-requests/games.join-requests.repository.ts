import { and, asc, count, eq, sql } from 'drizzle-orm';
import { Repository, rowsOf, type Counted } from '../../../platform/db/index.ts';
import { gameJoinRequests } from '../games.table.ts';

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

  of(gameId: string, userId: string): Promise<JoinRequestRow | undefined> {
    return this.first(gameJoinRequests, and(eq(gameJoinRequests.gameId, gameId), eq(gameJoinRequests.userId, userId)));
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

  /** Closes every request of the game (cancelled, or started before they were answered): answers who asked. */
  async takeAll(gameId: string): Promise<string[]> {
    const taken = await this.db.delete(gameJoinRequests).where(eq(gameJoinRequests.gameId, gameId)).returning({ userId: gameJoinRequests.userId });
    return taken.map((row) => row.userId);
  }

  /** The games that have started (or were cancelled) with requests still open. */
  async gamesToClose(now: Date): Promise<string[]> {
    const found = await rowsOf<{ game_id: string }>(
      this.db,
      sql`SELECT DISTINCT r.game_id FROM game_join_requests r JOIN games g ON g.id = r.game_id
      WHERE g.start_time <= ${now.toISOString()}::timestamptz OR g.status = 'CANCELLED' ORDER BY r.game_id`,
    );
    return found.map((row) => row.game_id);
  }

  /** A deleted account's requests go with it. */
  async forgetUser(userId: string): Promise<void> {
    await this.db.delete(gameJoinRequests).where(eq(gameJoinRequests.userId, userId));
  }
}
