import type { AttendanceRow, RatingRow } from './attendance.repository.ts';
import { DISPUTE_DAYS } from './attendance.rules.ts';

/** A dismissed dispute removed the mark: it reads as not marked. */
export function presentAttendance(userId: string, name: string | null, row: AttendanceRow | undefined) {
  if (!row || row.dispute === 'DISMISSED') return { userId, name, status: null, markedAt: null, dispute: null };
  return { userId, name, status: row.status, markedAt: row.markedAt.toISOString(), dispute: row.dispute };
}

/** A NO_SHOW mark and its dispute, as the player and the admins see it. */
export function presentDispute(row: AttendanceRow) {
  return {
    gameId: row.gameId,
    userId: row.userId,
    markedBy: row.markedBy,
    markedAt: row.markedAt.toISOString(),
    gameStart: row.gameStart.toISOString(),
    dispute: row.dispute,
    disputedAt: row.disputedAt?.toISOString() ?? null,
    reason: row.disputeReason,
  };
}

/** A player's own NO_SHOW mark: disputable once, within the window after it was marked. */
export function presentOwnMark(row: AttendanceRow, now: Date) {
  const until = new Date(row.markedAt.getTime() + DISPUTE_DAYS * 24 * 3_600_000);
  return { ...presentDispute(row), disputableUntil: row.dispute === null && until >= now ? until.toISOString() : null };
}

export function presentRecord(userId: string, record: { played: number; noShows: number }, days: number) {
  return { userId, days, played: record.played, noShows: record.noShows };
}

/** Ratings stay anonymous to hosts: the score, the note and when. */
export function presentRating(row: RatingRow) {
  return { score: row.score, note: row.note, ratedAt: row.ratedAt.toISOString() };
}
