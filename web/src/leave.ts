/**
 * The service's leave rule (src/modules/games, leaveRefused), applied to the game as the API shows
 * it, so the page says what a leave will answer before the player tries:
 * - a waitlisted player may leave at any time (they hold no place anyone counts on);
 * - a player with a place may not leave once the start is less than 24 hours away, except
 *   - from a cancelled game, and
 *   - from a game with a quorum whose go / no-go decision has not been made yet (the API shows the
 *     decision as `confirmed`; a game called off for too few players is cancelled), and
 *   - for 24 hours after the organiser changed the time, venue or price (the API shows until when as
 *     `leaveFreeUntil`; the service decides what counts as such a change, the page only reads it).
 * The boundary is the service's: exactly 24 hours before the start leaving is still allowed.
 */
import { useEffect, useState } from 'react';

export const LEAVE_WINDOW_MS = 24 * 3600 * 1000;

interface LeaveGame {
  status: string;
  startTime: string;
  minPlayers: number | null;
  confirmed: boolean;
  leaveFreeUntil: string | null;
}

export type LeaveRule =
  | { kind: 'waitlist' }
  | { kind: 'cancelled' }
  | { kind: 'undecided'; closesAt: string }
  | { kind: 'open'; closesAt: string }
  | { kind: 'freed'; closesAt: string; freeUntil: string }
  | { kind: 'closed'; closesAt: string };

/** What leaving means for a player with a place (`waitlist` for a waiting one) at `now`. */
export function leaveRule(game: LeaveGame, waitlisted: boolean, now: number): LeaveRule {
  if (waitlisted) return { kind: 'waitlist' };
  if (game.status === 'CANCELLED') return { kind: 'cancelled' };
  const closesAt = new Date(new Date(game.startTime).getTime() - LEAVE_WINDOW_MS).toISOString();
  if (game.minPlayers !== null && !game.confirmed) return { kind: 'undecided', closesAt };
  const closed = new Date(game.startTime).getTime() - now < LEAVE_WINDOW_MS;
  if (closed && game.leaveFreeUntil && now < new Date(game.leaveFreeUntil).getTime()) return { kind: 'freed', closesAt, freeUntil: game.leaveFreeUntil };
  return new Date(game.startTime).getTime() - now < LEAVE_WINDOW_MS ? { kind: 'closed', closesAt } : { kind: 'open', closesAt };
}

/** The next moment the rule can turn: the window closing or a change's freedom running out, whichever comes first after `now`. */
export function nextLeaveTurn(game: Pick<LeaveGame, 'startTime' | 'leaveFreeUntil'>, now: number): string | undefined {
  const moments = [new Date(game.startTime).getTime() - LEAVE_WINDOW_MS, game.leaveFreeUntil ? new Date(game.leaveFreeUntil).getTime() : NaN];
  const ahead = moments.filter((at) => at >= now);
  return ahead.length ? new Date(Math.min(...ahead)).toISOString() : undefined;
}

/** The time now, renewed the moment `next` passes, so a page changes when a deadline does. */
export function useNowUntil(next: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!next) return;
    // One millisecond past: the rule turns when "start - now < 24 h", not at the instant itself.
    const wait = new Date(next).getTime() - Date.now() + 1;
    if (wait <= 0) return;
    // setTimeout cannot wait longer than about 24.8 days; a later deadline re-arms on the way.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [next, now]);
  return now;
}
