import { presentShared } from '../skill/index.ts';
import { isGuest } from './game-day.guests.ts';
import type { SessionRows } from './game-day.input.ts';
import { onCourt, presentPlayers } from './game-day.input.ts';
import type { MatchRow, RoundRow, ScoreChangeRow } from './game-day.repository.ts';
import { mayAnswer, winnerOf } from './game-day.rules.ts';

type Names = Map<string, string | null>;

const refs = (ids: string[], names: Names) => ids.map((userId) => ({ userId, name: names.get(userId) ?? null }));
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** `viewerId`: whom the answer is for; it says whether they may confirm or dispute the score. */
export function presentMatch(match: MatchRow, round: number, names: Names, changes: ScoreChangeRow[], viewerId: string) {
  const score =
    match.scoreState && match.scoreA !== null && match.scoreB !== null && match.scoreEnteredBy
      ? {
          a: match.scoreA,
          b: match.scoreB,
          state: match.scoreState,
          enteredBy: match.scoreEnteredBy,
          changes: changes
            .filter((change) => change.matchId === match.id)
            .map((change) => ({ action: change.action, a: change.scoreA, b: change.scoreB, by: change.byUser, at: change.at.toISOString() })),
        }
      : null;
  return {
    id: match.id,
    round,
    court: match.court,
    status: match.status,
    sideA: refs(match.sideA, names),
    sideB: refs(match.sideB, names),
    reason: match.reason,
    score,
    startedAt: iso(match.startedAt),
    endedAt: iso(match.endedAt),
    viewer: { mayAnswer: mayAnswer(match, viewerId) },
  };
}

export function presentProposal(round: RoundRow, matches: MatchRow[], names: Names, viewerId: string, costs: string[] = []) {
  return {
    roundId: round.id,
    number: round.number,
    status: round.status,
    matches: matches.filter((match) => match.roundId === round.id).map((match) => presentMatch(match, round.number, names, [], viewerId)),
    resting: refs(round.resting, names),
    costs,
  };
}

/** A player's own rating always; another's only when they do not hide it. */
function shownRating(rows: SessionRows, userId: string, viewerId: string) {
  const skill = rows.skill?.get(userId);
  if (!skill || (skill.hidden && userId !== viewerId)) return null;
  return presentShared(skill);
}

const wonBy = (match: MatchRow, userId: string) => {
  if (match.scoreA === null || match.scoreB === null || match.scoreState === 'DISPUTED') return false;
  const won = winnerOf(match.scoreA, match.scoreB);
  return (won === 'A' && match.sideA.includes(userId)) || (won === 'B' && match.sideB.includes(userId));
};

/** Games, wins and partners of each player who played; guests have no line of their own but are named as partners. */
function summary(rows: SessionRows) {
  const ids = [...new Set(rows.matches.filter((m) => m.status !== 'PROPOSED').flatMap((m) => [...m.sideA, ...m.sideB]))].filter((id) => !isGuest(id));
  return ids.map((userId) => {
    const own = rows.matches.filter((m) => m.status !== 'PROPOSED' && (m.sideA.includes(userId) || m.sideB.includes(userId)));
    const partners = [...new Set(own.flatMap((m) => (m.sideA.includes(userId) ? m.sideA : m.sideB)).filter((id) => id !== userId))];
    return {
      userId,
      name: rows.names.get(userId) ?? null,
      games: own.length,
      wins: own.filter((m) => wonBy(m, userId)).length,
      partners: refs(partners, rows.names),
    };
  });
}

export function presentBoard(rows: SessionRows | undefined, gameId: string, viewer: { userId: string; host: boolean }, changes: ScoreChangeRow[]) {
  if (!rows)
    return { gameId, viewer: { ...viewer, checkedIn: false, left: false }, session: null, courts: [], proposal: null, players: [], results: [], summary: null };
  const { day, matches, rounds, names } = rows;
  const numberOf = new Map(rounds.map((round) => [round.id, round.number]));
  const proposal = rounds.find((round) => round.status === 'PROPOSED');
  const playing = onCourt(matches);
  const present = presentPlayers(rows);
  const left = new Set(rows.leavers.map((leaver) => leaver.userId));
  const proposed = matches.filter((match) => match.status === 'PROPOSED');
  const courtOf = (list: MatchRow[], userId: string) => list.find((m) => m.sideA.includes(userId) || m.sideB.includes(userId))?.court ?? null;
  const live = matches.filter((match) => match.status === 'PLAYING');
  const players = rows.checkedIn.map(({ userId, at, guestOf }) => {
    const own = matches.filter((m) => m.status !== 'PROPOSED' && (m.sideA.includes(userId) || m.sideB.includes(userId)));
    const state: 'LEFT' | 'PLAYING' | 'NEXT' | 'RESTING' = left.has(userId)
      ? 'LEFT'
      : playing.has(userId)
        ? 'PLAYING'
        : courtOf(proposed, userId) !== null
          ? 'NEXT'
          : 'RESTING';
    const rested = Math.max(at.getTime(), ...own.map((m) => m.endedAt?.getTime() ?? 0));
    return {
      userId,
      name: names.get(userId) ?? null,
      state,
      court: state === 'PLAYING' ? courtOf(live, userId) : state === 'NEXT' ? courtOf(proposed, userId) : null,
      played: own.length,
      wins: own.filter((m) => wonBy(m, userId)).length,
      restingSince: state === 'RESTING' || state === 'NEXT' ? new Date(rested).toISOString() : null,
      rating: shownRating(rows, userId, viewer.userId),
      ...(guestOf ? { guestOf } : {}),
    };
  });
  const match = (row: MatchRow) => presentMatch(row, numberOf.get(row.roundId) ?? 0, names, changes, viewer.userId);
  return {
    gameId,
    viewer: { ...viewer, checkedIn: present.some((p) => p.userId === viewer.userId), left: left.has(viewer.userId) },
    session: {
      format: day.format,
      courts: day.courts,
      scoreRule: day.scoreRule,
      pace: day.pace,
      winnerStaysCap: day.winnerStaysCap,
      openedAt: day.openedAt.toISOString(),
      closedAt: iso(day.closedAt),
    },
    courts: Array.from({ length: day.courts }, (_, i) => {
      const found = live.find((m) => m.court === i + 1);
      return { court: i + 1, match: found ? match(found) : null };
    }),
    proposal: proposal ? presentProposal(proposal, matches, names, viewer.userId) : null,
    players,
    results: matches
      .filter((m) => m.status === 'DONE')
      .sort((x, y) => (y.endedAt?.getTime() ?? 0) - (x.endedAt?.getTime() ?? 0))
      .map(match),
    summary: day.closedAt ? summary(rows) : null,
  };
}
