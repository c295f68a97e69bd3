import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { type Counted, inAny, Repository } from '../../platform/db/index.ts';
import { gameBookmarks } from './bookmarks.table.ts';

export type BookmarkRow = typeof gameBookmarks.$inferSelect;

export class BookmarksRepository extends Repository {
  /** Undefined when the bookmark already existed. */
  insert(userId: string, gameId: string): Promise<BookmarkRow | undefined> {
    return this.insertedIfNew(gameBookmarks, { userId, gameId });
  }

  async page(userId: string, limit: number, offset: number): Promise<Counted<BookmarkRow>> {
    const where = eq(gameBookmarks.userId, userId);
    return this.counted(
      this.db.select().from(gameBookmarks).where(where).orderBy(desc(gameBookmarks.createdAt), desc(gameBookmarks.gameId)).limit(limit).offset(offset),
      gameBookmarks,
      where,
    );
  }

  async delete(userId: string, gameId: string): Promise<void> {
    await this.db.delete(gameBookmarks).where(and(eq(gameBookmarks.userId, userId), eq(gameBookmarks.gameId, gameId)));
  }

  async gameIdsAmong(userId: string, gameIds: string[]): Promise<string[]> {
    if (gameIds.length === 0) return [];
    const rows = await this.db
      .select({ gameId: gameBookmarks.gameId })
      .from(gameBookmarks)
      .where(and(eq(gameBookmarks.userId, userId), inAny(gameBookmarks.gameId, gameIds, 'uuid')));
    return rows.map((row) => row.gameId);
  }

  async deleteForGame(gameId: string): Promise<void> {
    await this.db.delete(gameBookmarks).where(eq(gameBookmarks.gameId, gameId));
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.db.delete(gameBookmarks).where(eq(gameBookmarks.userId, userId));
  }
}

/** Whether `userId` bookmarked the game `gameId` names: for another module's statement over games. */
export function bookmarkedFlag(userId: SQL, gameId: SQL): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${gameBookmarks} b WHERE b.user_id = ${userId}::uuid AND b.game_id = ${gameId})`;
}
