import { and, asc, count, eq } from 'drizzle-orm';
import { inAny, Repository } from '../../../platform/db/index.ts';
import { gameCoHosts } from '../games.table.ts';

export type CoHostRow = typeof gameCoHosts.$inferSelect;

/** The co-hosts of games: SQL only. */
export class CoHostsRepository extends Repository {
  list(gameId: string): Promise<CoHostRow[]> {
    return this.db.select().from(gameCoHosts).where(eq(gameCoHosts.gameId, gameId)).orderBy(asc(gameCoHosts.addedAt), asc(gameCoHosts.userId));
  }

  async count(gameId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(gameCoHosts).where(eq(gameCoHosts.gameId, gameId));
    return Number(row?.n ?? 0);
  }

  isCoHost(gameId: string, userId: string): Promise<boolean> {
    return this.exists(gameCoHosts, and(eq(gameCoHosts.gameId, gameId), eq(gameCoHosts.userId, userId)));
  }

  /** Of `gameIds`, those the user co-hosts. */
  async coHostedAmong(userId: string, gameIds: string[]): Promise<Set<string>> {
    if (gameIds.length === 0) return new Set();
    const found = await this.db
      .select({ gameId: gameCoHosts.gameId })
      .from(gameCoHosts)
      .where(and(eq(gameCoHosts.userId, userId), inAny(gameCoHosts.gameId, gameIds, 'uuid')));
    return new Set(found.map((row) => row.gameId));
  }

  /** Answers the new row, or undefined when the user already co-hosts the game. */
  add(values: CoHostRow): Promise<CoHostRow | undefined> {
    return this.insertedIfNew(gameCoHosts, values);
  }

  async remove(gameId: string, userId: string): Promise<boolean> {
    return (await this.deleted(gameCoHosts, and(eq(gameCoHosts.gameId, gameId), eq(gameCoHosts.userId, userId)))) !== undefined;
  }

  /** A deleted account co-hosts nothing any more. */
  async forgetUser(userId: string): Promise<void> {
    await this.db.delete(gameCoHosts).where(eq(gameCoHosts.userId, userId));
  }
}
