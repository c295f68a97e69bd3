import { and, asc, count, desc, eq, gte, isNull, ne, or, sql } from 'drizzle-orm';
import { inAny, Repository } from '../../platform/db/index.ts';
import { gameAttendance, gameRatings } from './attendance.table.ts';

export type AttendanceRow = typeof gameAttendance.$inferSelect;
export type RatingRow = typeof gameRatings.$inferSelect;
export type NewMark = Pick<AttendanceRow, 'gameId' | 'userId' | 'status' | 'gameStart' | 'markedBy' | 'markedAt'>;

/** Attendance marks and ratings: SQL only. */
export class AttendanceRepository extends Repository {
  /** A host's mark replaces whatever was there, unless the player disputed it: then undefined. */
  async mark(values: NewMark): Promise<AttendanceRow | undefined> {
    const { status, gameStart, markedBy, markedAt } = values;
    const [row] = await this.db
      .insert(gameAttendance)
      .values(values)
      .onConflictDoUpdate({
        target: [gameAttendance.gameId, gameAttendance.userId],
        set: { status, gameStart, markedBy, markedAt },
        setWhere: isNull(gameAttendance.dispute),
      })
      .returning();
    return row;
  }

  /**
   * Players who played at game day are ATTENDED: a new mark where there was none, a NO_SHOW turned
   * round (unless disputed); an ATTENDED mark keeps its time, which is the player's place in the queue.
   */
  async markPlayed(marks: NewMark[]): Promise<void> {
    if (marks.length === 0) return;
    await this.db
      .insert(gameAttendance)
      .values(marks)
      .onConflictDoUpdate({
        target: [gameAttendance.gameId, gameAttendance.userId],
        set: { status: 'ATTENDED', markedBy: sql`excluded.marked_by`, markedAt: sql`excluded.marked_at` },
        setWhere: and(isNull(gameAttendance.dispute), ne(gameAttendance.status, 'ATTENDED')),
      });
  }

  /** A check-in never overrides a mark: answers the row as it stands after the attempt. */
  async checkIn(values: NewMark): Promise<AttendanceRow> {
    return (await this.insertedIfNew(gameAttendance, values)) ?? (await this.find(values.gameId, values.userId))!;
  }

  /** `lock`: held until the transaction ends, so the mark read is the one a change replaces. */
  find(gameId: string, userId: string, lock?: 'update'): Promise<AttendanceRow | undefined> {
    return this.first(gameAttendance, and(eq(gameAttendance.gameId, gameId), eq(gameAttendance.userId, userId)), lock);
  }

  async marksOf(gameId: string): Promise<Map<string, AttendanceRow>> {
    const found = await this.db.select().from(gameAttendance).where(eq(gameAttendance.gameId, gameId));
    return new Map(found.map((row) => [row.userId, row]));
  }

  /** Games attended and missed since `since` (by the game's start); a NO_SHOW counts unless disputed (until upheld) or dismissed. */
  async record(userId: string, since: Date): Promise<{ played: number; noShows: number }> {
    const found = await this.db
      .select({ status: gameAttendance.status, n: count() })
      .from(gameAttendance)
      .where(
        and(eq(gameAttendance.userId, userId), gte(gameAttendance.gameStart, since), or(isNull(gameAttendance.dispute), eq(gameAttendance.dispute, 'UPHELD'))),
      )
      .groupBy(gameAttendance.status);
    const of = (status: AttendanceRow['status']) => Number(found.find((row) => row.status === status)?.n ?? 0);
    return { played: of('ATTENDED'), noShows: of('NO_SHOW') };
  }

  /** The player's NO_SHOW marks of games since `since`, newest first (a dismissed one is no mark). */
  noShowMarks(userId: string, since: Date): Promise<AttendanceRow[]> {
    return this.db
      .select()
      .from(gameAttendance)
      .where(
        and(
          eq(gameAttendance.userId, userId),
          eq(gameAttendance.status, 'NO_SHOW'),
          gte(gameAttendance.gameStart, since),
          or(isNull(gameAttendance.dispute), ne(gameAttendance.dispute, 'DISMISSED')),
        ),
      )
      .orderBy(desc(gameAttendance.markedAt), asc(gameAttendance.gameId));
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

  ratingOf(gameId: string, userId: string): Promise<RatingRow | undefined> {
    return this.first(gameRatings, and(eq(gameRatings.gameId, gameId), eq(gameRatings.userId, userId)));
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

  /** The player's NO_SHOW, marked since `since` and not disputed yet, becomes an OPEN dispute; undefined when there is none such. */
  async dispute(gameId: string, userId: string, reason: string | null, now: Date, since: Date): Promise<AttendanceRow | undefined> {
    const [row] = await this.db
      .update(gameAttendance)
      .set({ dispute: 'OPEN', disputedAt: now, disputeReason: reason })
      .where(
        and(
          eq(gameAttendance.gameId, gameId),
          eq(gameAttendance.userId, userId),
          eq(gameAttendance.status, 'NO_SHOW'),
          isNull(gameAttendance.dispute),
          gte(gameAttendance.markedAt, since),
        ),
      )
      .returning();
    return row;
  }

  /** The open disputes, oldest first. */
  openDisputes(limit: number): Promise<AttendanceRow[]> {
    return this.db
      .select()
      .from(gameAttendance)
      .where(eq(gameAttendance.dispute, 'OPEN'))
      .orderBy(asc(gameAttendance.disputedAt), asc(gameAttendance.gameId), asc(gameAttendance.userId))
      .limit(limit);
  }

  /** An admin's decision on an OPEN dispute; undefined when there is no open dispute for the pair. */
  async settle(gameId: string, userId: string, outcome: 'UPHELD' | 'DISMISSED', adminId: string): Promise<AttendanceRow | undefined> {
    const [row] = await this.db
      .update(gameAttendance)
      .set({ dispute: outcome, disputeSettledBy: adminId })
      .where(and(eq(gameAttendance.gameId, gameId), eq(gameAttendance.userId, userId), eq(gameAttendance.dispute, 'OPEN')))
      .returning();
    return row;
  }

  /** The game is gone for good (hard delete). */
  async forgetGame(gameId: string): Promise<void> {
    await this.db.delete(gameAttendance).where(eq(gameAttendance.gameId, gameId));
    await this.db.delete(gameRatings).where(eq(gameRatings.gameId, gameId));
  }
}
