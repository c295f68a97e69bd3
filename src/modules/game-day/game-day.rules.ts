/** Game day's rules that need no database: when it opens, what a valid score is, who answers it, who won. */
import { playsOn } from './game-day.guests.ts';
import type { ScoreRule, ScoreState } from './game-day.table.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Timed {
  startTime: Date;
  status: string;
}

/** A host opens game day from 30 minutes before the start until 12 hours after it (as attendance is marked). */
export function openingWindow(game: Timed, now: Date): boolean {
  const start = game.startTime.getTime();
  return game.status !== 'CANCELLED' && now.getTime() >= start - 30 * MINUTE && now.getTime() <= start + 12 * HOUR;
}

/**
 * TO_21 (badminton): 21 with a lead of two, else two clear up to 30, where 30–29 wins.
 * TO_11 (pickleball): 11 with a lead of two, else two clear. FREE: any two scores up to 99.
 */
export function scoreFits(rule: ScoreRule, a: number, b: number): boolean {
  const high = Math.max(a, b);
  const low = Math.min(a, b);
  if (rule === 'FREE') return true;
  if (rule === 'TO_11') return (high === 11 && low <= 9) || (high > 11 && high - low === 2);
  if (high === 21) return low <= 19;
  if (high > 21 && high < 30) return high - low === 2;
  return high === 30 && (low === 28 || low === 29);
}

interface Answerable {
  gameId: string;
  sideA: string[];
  sideB: string[];
  scoreState: ScoreState | null;
  scoreEnteredBy: string | null;
}

/**
 * Who may confirm or dispute an entered score: a player of the other side from whoever entered it
 * (either side when a host off the court entered it). A player whose guests stand on both sides is on
 * the enterer's side too: they never answer a score their own side entered.
 */
export function mayAnswer(match: Answerable, userId: string): boolean {
  if (match.scoreState !== 'ENTERED') return false;
  const { gameId, sideA, sideB } = match;
  const by = match.scoreEnteredBy ?? '';
  const own = playsOn(gameId, sideA, by) ? sideA : playsOn(gameId, sideB, by) ? sideB : [];
  const other = own === sideA ? sideB : own === sideB ? sideA : [...sideA, ...sideB];
  return playsOn(gameId, other, userId) && !playsOn(gameId, own, userId);
}

/** 'A', 'B', or null for a draw (FREE allows one). */
export function winnerOf(a: number, b: number): 'A' | 'B' | null {
  return a > b ? 'A' : b > a ? 'B' : null;
}

/** Doubles formats play two a side; singles one. */
export function sideSize(format: string): 1 | 2 {
  return format === 'SINGLES' ? 1 : 2;
}

/** Which rating a format's results move: singles, or doubles for every two-a-side format. */
export function skillKind(format: string): 'SINGLES' | 'DOUBLES' {
  return sideSize(format) === 1 ? 'SINGLES' : 'DOUBLES';
}
