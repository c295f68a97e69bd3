/** What the session's rows say about each player, read into the rotation's input (pure: no I/O). */
import type { Party } from './game-day.guests.ts';
import type { GameDayRow, LeaverRow, MatchRow, RoundRow } from './game-day.repository.ts';
import { winnerOf } from './game-day.rules.ts';
import type { PlayerSkill } from '../skill/index.ts';
import type { PairCount, Rating, RotationInput, RotationPlayer } from './rotation/rotation.types.ts';

/** openskill's starting estimate: what a player with no confirmed result is taken to be. */
export const DEFAULT_RATING: Rating = { mu: 25, sigma: 25 / 3 };

export interface SessionRows {
  day: GameDayRow;
  /** Players checked in (attendance ATTENDED), in the order they came, each one's guests right after them (`guestOf`). */
  checkedIn: Array<{ userId: string; at: Date; guestOf?: string }>;
  /** The players holding a place, with their guests. */
  parties: Party[];
  leavers: LeaverRow[];
  rounds: RoundRow[];
  matches: MatchRow[];
  names: Map<string, string | null>;
  ratings?: Map<string, Rating>;
  /** Ratings as the board shows them, with who hides theirs. */
  skill?: Map<string, PlayerSkill>;
}

const played = (match: MatchRow) => match.status !== 'PROPOSED';
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

function counts(pairs: Array<[string, string]>): PairCount[] {
  const found = new Map<string, number>();
  for (const [a, b] of pairs) found.set(pairKey(a, b), (found.get(pairKey(a, b)) ?? 0) + 1);
  return [...found].map(([key, count]) => {
    const [a, b] = key.split('|') as [string, string];
    return { a, b, count };
  });
}

/** Everyone who played a match of the session (started or done), once each. */
export function playedIn(matches: MatchRow[]): string[] {
  return [...new Set(matches.filter(played).flatMap((match) => [...match.sideA, ...match.sideB]))];
}

/** The players present now: checked in and not gone, in the order they came. */
export function presentPlayers(rows: SessionRows): Array<{ userId: string; at: Date; guestOf?: string }> {
  const gone = new Set(rows.leavers.map((leaver) => leaver.userId));
  return rows.checkedIn.filter((player) => !gone.has(player.userId));
}

/** Players on a court now (a match being played). */
export function onCourt(matches: MatchRow[]): Set<string> {
  return new Set(matches.filter((match) => match.status === 'PLAYING').flatMap((match) => [...match.sideA, ...match.sideB]));
}

/** Courts with neither a proposed nor a playing match. */
export function freeCourts(day: GameDayRow, matches: MatchRow[]): number[] {
  const busy = new Set(matches.filter((match) => match.status !== 'DONE').map((match) => match.court));
  return Array.from({ length: day.courts }, (_, i) => i + 1).filter((court) => !busy.has(court));
}

/** WINNER_STAYS: each court's last winning side and how many games in a row it has won. */
function winners(matches: MatchRow[]): Array<{ court: number; side: string[]; streak: number }> {
  const byCourt = new Map<number, MatchRow[]>();
  for (const match of matches.filter((m) => m.status === 'DONE' && m.scoreA !== null && m.scoreB !== null))
    byCourt.set(match.court, [...(byCourt.get(match.court) ?? []), match]);
  const found = [];
  for (const [court, done] of byCourt) {
    const sides = done
      .sort((x, y) => (x.endedAt?.getTime() ?? 0) - (y.endedAt?.getTime() ?? 0))
      .map((match) => {
        const won = winnerOf(match.scoreA!, match.scoreB!);
        return won === 'A' ? match.sideA : won === 'B' ? match.sideB : [];
      });
    const last = sides.at(-1) ?? [];
    if (last.length === 0) continue;
    const same = (side: string[]) => side.length === last.length && [...side].sort().join() === [...last].sort().join();
    let streak = 0;
    for (let i = sides.length - 1; i >= 0 && same(sides[i]!); i--) streak++;
    found.push({ court, side: last, streak });
  }
  return found;
}

/** A seed from the game and the round, so the same session always proposes the same. */
export function seedOf(gameId: string, round: number): number {
  return (Number.parseInt(gameId.replaceAll('-', '').slice(0, 8), 16) + round * 7919) >>> 0;
}

/**
 * The rotation's input for the given courts: every present player not on a court (a proposal's players
 * are not on one yet, so a swap sees them waiting as the proposal did).
 */
export function rotationInput(rows: SessionRows, courts: number[], now: Date, round: number): RotationInput {
  const { day, matches, rounds } = rows;
  const counted = matches.filter(played);
  const busy = onCourt(matches);
  const firstStart = rounds.find((r) => r.startedAt)?.startedAt ?? null;
  const present = presentPlayers(rows);
  const players: RotationPlayer[] = present
    .filter((player) => !busy.has(player.userId))
    .map((player) => {
      const own = counted.filter((match) => match.sideA.includes(player.userId) || match.sideB.includes(player.userId));
      const lastEnd = Math.max(player.at.getTime(), ...own.map((match) => match.endedAt?.getTime() ?? 0));
      return {
        id: player.userId,
        name: rows.names.get(player.userId) ?? 'Player',
        rating: rows.ratings?.get(player.userId) ?? DEFAULT_RATING,
        played: own.length,
        satOut: rounds.filter((r) => r.status === 'STARTED' && r.resting.includes(player.userId)).length,
        restingSince: lastEnd,
        presentThroughout: firstStart === null || player.at <= firstStart,
        ...(day.format === 'FIXED_PAIRS' ? { pairId: `pair-${Math.floor(present.indexOf(player) / 2)}` } : {}),
      };
    });
  const partners: Array<[string, string]> = [];
  const opponents: Array<[string, string]> = [];
  for (const match of counted) {
    for (const side of [match.sideA, match.sideB]) if (side.length === 2) partners.push([side[0]!, side[1]!]);
    for (const a of match.sideA) for (const b of match.sideB) opponents.push([a, b]);
  }
  return {
    format: day.format,
    freeCourts: courts,
    players,
    partners: counts(partners),
    opponents: counts(opponents),
    ...(day.format === 'WINNER_STAYS' ? { winners: winners(matches), winnerStaysCap: day.winnerStaysCap } : {}),
    now: now.getTime(),
    seed: seedOf(day.gameId, round),
  };
}
