/** The windows of attendance and ratings, by the clock. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How far back a player's reliability record reaches. */
export const RECORD_DAYS = 90;

interface Timed {
  startTime: Date;
  endTime: Date;
  status: string;
}

/** Hosts mark players from 30 minutes before the start until 12 hours after it. */
export function markingOpen(game: Timed, now: Date): boolean {
  const start = game.startTime.getTime();
  return game.status !== 'CANCELLED' && now.getTime() >= start - 30 * MINUTE && now.getTime() <= start + 12 * HOUR;
}

/** Players check themselves in within 30 minutes of the start, either side. */
export function selfCheckInOpen(game: Timed, now: Date): boolean {
  return game.status !== 'CANCELLED' && Math.abs(now.getTime() - game.startTime.getTime()) <= 30 * MINUTE;
}

/** Ratings open once the game has ended (and stay open). */
export function ratingOpen(game: Timed, now: Date): boolean {
  return game.status !== 'CANCELLED' && now.getTime() >= game.endTime.getTime();
}

export const recordSince = (now: Date) => new Date(now.getTime() - RECORD_DAYS * 24 * HOUR);
