import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import { inAny, Repository } from '../../platform/db/index.ts';
import { gameAttendance, gameRatings } from './attendance.table.ts';

export type AttendanceRow = typeof gameAttendance.$inferSelect;
export type RatingRow = typeof gameRatings.$inferSelect;

/** Attendance marks and ratings: SQL only. */
export class AttendanceRepository extends Repository {
  /** A host's mark replaces whatever was there. */
  async mark(values: AttendanceRow): Promise<AttendanceRow> {
    const { status, gameStart, markedBy, markedAt } = values;
    const [row] = await this.db
      .insert(gameAttendance)
      .values(values)
      .onConflictDoUpdate({ target: [gameAttendance.gameId, gameAttendance.userId], set: { status, gameStart, markedBy, markedAt } })
      .returning();
    return row!;
  }

  /** A check-in never overrides a mark: answers the row as it stands after the attempt. */
  async checkIn(values: AttendanceRow): Promise<AttendanceRow> {
    return (await this.insertedIfNew(gameAttendance, values)) ?? (await this.find(values.gameId, values.userId))!;
  }

  find(gameId: string, userId: string): Promise<AttendanceRow | undefined> {
    return this.first(gameAttendance, and(eq(gameAttendance.gameId, gameId), eq(gameAttendance.userId, userId)));
  }

  async marksOf(gameId: string): Promise<Map<string, AttendanceRow>> {
    const found = await this.db.select().from(gameAttendance).where(eq(gameAttendance.gameId, gameId));
    return new Map(found.map((row) => [row.userId, row]));
  }

  /** Games attended and missed since `since` (by the game's start). */
  async record(userId: string, since: Date): Promise<{ played: number; noShows: number }> {
    const found = await this.db
      .select({ status: gameAttendance.status, n: count() })
      .from(gameAttendance)
      .where(and(eq(gameAttendance.userId, userId), gte(gameAttendance.gameStart, since)))
      .groupBy(gameAttendance.status);
    const of = (status: AttendanceRow['status']) => Number(found.find((row) => row.status === status)?.n ?? 0);
    return { played: of('ATTENDED'), noShows: of('NO_SHOW') };
  }

  async rate(values: RatingRow): Promise<RatingRow> {
    const { score, note, ratedAt } = values;
    const [row] = await this.db
      .insert(gameRatings)
      .values(values)
      .onConflictDoUpdate({ target: [gameRatings.gameId, gameRatings.userId], set: { score, note, ratedAt } })
      .returning();
    return row!;
  }

  ratingsOf(gameId: string): Promise<RatingRow[]> {
    return this.db.select().from(gameRatings).where(eq(gameRatings.gameId, gameId)).orderBy(asc(gameRatings.ratedAt), asc(gameRatings.userId));
  }

  async averagesOf(gameIds: string[]): Promise<Map<string, { average: number; count: number }>> {
    if (gameIds.length === 0) return new Map();
    const found = await this.db
      .select({ gameId: gameRatings.gameId, average: sql<string>`round(avg(${gameRatings.score}), 2)`, n: count() })
      .from(gameRatings)
      .where(inAny(gameRatings.gameId, gameIds, 'uuid'))
      .groupBy(gameRatings.gameId);
    return new Map(found.map((row) => [row.gameId, { average: Number(row.average), count: Number(row.n) }]));
  }

  /** The game is gone for good (hard delete). */
  async forgetGame(gameId: string): Promise<void> {
    await this.db.delete(gameAttendance).where(eq(gameAttendance.gameId, gameId));
    await this.db.delete(gameRatings).where(eq(gameRatings.gameId, gameId));
  }
}
