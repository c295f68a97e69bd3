import { and, eq, sql } from 'drizzle-orm';
import { Repository, rowsOf } from '../../../platform/db/index.ts';
import { SHARE_ACCESS_AFTER_END_MS } from './games.share-access.ts';
import { gameShareAccess } from '../games.table.ts';

/** Who may see a private game because a share link showed it to them. */
export class ShareAccessRepository extends Repository {
  async grant(gameId: string, userId: string, now: Date): Promise<void> {
    await this.db.insert(gameShareAccess).values({ gameId, userId, grantedAt: now }).onConflictDoNothing();
  }

  /** One user's share access to the game, or everyone's (a rotated share code). */
  async revoke(gameId: string, userId?: string): Promise<void> {
    await this.db.delete(gameShareAccess).where(and(eq(gameShareAccess.gameId, gameId), userId === undefined ? undefined : eq(gameShareAccess.userId, userId)));
  }

  /** Cleanup: share access to games that ended more than a day before `now`. */
  async purge(now: Date): Promise<number> {
    const cut = new Date(now.getTime() - SHARE_ACCESS_AFTER_END_MS).toISOString();
    return (
      await rowsOf<{ game_id: string }>(
        this.db,
        sql`DELETE FROM game_share_access s USING games g
      WHERE g.id = s.game_id AND g.end_time <= ${cut}::timestamptz RETURNING s.game_id`,
      )
    ).length;
  }
}
