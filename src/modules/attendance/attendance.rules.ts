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
export function selfCheckInWindow(game: Pick<Timed, 'startTime'>): { opensAt: Date; closesAt: Date } {
  return { opensAt: new Date(game.startTime.getTime() - 30 * MINUTE), closesAt: new Date(game.startTime.getTime() + 30 * MINUTE) };
}

export function selfCheckInOpen(game: Timed, now: Date): boolean {
  const { opensAt, closesAt } = selfCheckInWindow(game);
  return game.status !== 'CANCELLED' && now >= opensAt && now <= closesAt;
}

/** Ratings open once the game has ended (and stay open). */
export function ratingOpen(game: Timed, now: Date): boolean {
  return game.status !== 'CANCELLED' && now.getTime() >= game.endTime.getTime();
}

/** How long after a NO_SHOW mark the player may dispute it. */
export const DISPUTE_DAYS = 7;

/**
 * NO_SHOW is fair only when nothing about the player's place moved in the last 24 hours before the
 * start: the game was not materially changed after that moment (time, venue or price; games.rules),
 * and the player has been a player of it since that moment or earlier (joinedAt: their own join, or a
 * host's approval or a series opening). Exactly 24 hours before counts as in time.
 */
export function noShowFair(game: { startTime: Date; materiallyChangedAt: Date | null }, joinedAt: Date): boolean {
  const settledBy = game.startTime.getTime() - 24 * HOUR;
  if (game.materiallyChangedAt && game.materiallyChangedAt.getTime() > settledBy) return false;
  return joinedAt.getTime() <= settledBy;
}

/** Marks made before this moment can no longer be disputed. */
export const disputableSince = (now: Date) => new Date(now.getTime() - DISPUTE_DAYS * 24 * HOUR);

export const recordSince = (now: Date) => new Date(now.getTime() - RECORD_DAYS * 24 * HOUR);
