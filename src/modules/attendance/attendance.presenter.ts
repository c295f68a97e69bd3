import type { AttendanceRow, RatingRow } from './attendance.repository.ts';

export function presentAttendance(userId: string, name: string | null, row: AttendanceRow | undefined) {
  return { userId, name, status: row?.status ?? null, markedAt: row?.markedAt.toISOString() ?? null };
}

export function presentRecord(userId: string, record: { played: number; noShows: number }, days: number) {
  return { userId, days, played: record.played, noShows: record.noShows };
}

/** Ratings stay anonymous to hosts: the score, the note and when. */
export function presentRating(row: RatingRow) {
  return { score: row.score, note: row.note, ratedAt: row.ratedAt.toISOString() };
}
