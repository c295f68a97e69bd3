import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor, Transaction } from '../../platform/db/index.ts';
import { closed, gameNotFound, notOpen } from './game-day.errors.ts';
import { bringerOf, guestName, isGuest, type Party, withGuests } from './game-day.guests.ts';
import type { SessionRows } from './game-day.input.ts';
import type { BoardChanged, GameDayAttendance, GameDayEvents, GameDayGames, GameDaySkill, GameDayUsers } from './game-day.ports.ts';
import { GameDayRepository, type GameDayRow } from './game-day.repository.ts';
import { skillKind } from './game-day.rules.ts';

export interface GameDayDeps {
  db: Database;
  clock: Clock;
  games: GameDayGames;
  attendance: GameDayAttendance;
  users: GameDayUsers;
  skill: GameDaySkill;
  events: GameDayEvents;
  boardChanged: BoardChanged;
}

/** Who the caller is to the game: a host (organiser or co-host), a player with a place, or nobody (404). */
export async function roleIn(deps: GameDayDeps, gameId: string, userId: string) {
  const standing = await deps.games.standing(gameId, userId);
  if (!standing || (!standing.host && standing.player !== 'ACTIVE')) throw gameNotFound();
  return standing;
}

export async function hostOf(deps: GameDayDeps, gameId: string, userId: string) {
  const standing = await deps.games.standing(gameId, userId);
  if (!standing?.host) throw gameNotFound();
  return standing;
}

/** A change to the board in its own transaction; once it is committed, when it wrote something (it did not lose a race), the board is told. */
export async function changeBoard<T>(deps: GameDayDeps, gameId: string, change: (tx: Transaction) => Promise<T>): Promise<T> {
  const changed = await deps.db.transaction(change);
  if (changed) await deps.boardChanged(gameId);
  return changed;
}

/** The session, open and not closed. */
export async function openDay(executor: Executor, gameId: string): Promise<GameDayRow> {
  const day = await new GameDayRepository(executor).find(gameId);
  if (!day) throw notOpen();
  if (day.closedAt) throw closed();
  return day;
}

const ONE_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** Everything the board and the rotation read, in one go; with the game's activity, the players' ratings too. */
export async function sessionRows(deps: GameDayDeps, day: GameDayRow, activityId?: string, executor: Executor = deps.db): Promise<SessionRows> {
  // One after the other: inside a transaction they share one connection.
  const checkedIn = await deps.attendance.checkedIn(day.gameId);
  const read = async (on: Executor) => {
    const repository = new GameDayRepository(on);
    return { leavers: await repository.leavers(day.gameId), rounds: await repository.rounds(day.gameId), matches: await repository.matches(day.gameId) };
  };
  // Rounds and their matches from one snapshot: read apart, a proposal committed in between showed its
  // matches holding every court but not its round, and a host asking at that moment got no_free_court.
  const { leavers, rounds, matches } = executor === deps.db ? await deps.db.transaction(read, ONE_SNAPSHOT) : await read(executor);
  const parties = await deps.games.activeParties(day.gameId);
  const present = withGuests(day.gameId, checkedIn, parties);
  const ids = new Set([...present.map((player) => player.userId), ...matches.flatMap((match) => [...match.sideA, ...match.sideB])]);
  const names = await namesOf(deps, day.gameId, [...ids], parties);
  const base = { day, checkedIn: present, parties, leavers, rounds, matches, names };
  if (!activityId) return base;
  // Guests have no rating: the rotation takes them at the starting estimate.
  const skill = await deps.skill.ratingsOf(
    [...ids].filter((id) => !isGuest(id)),
    activityId,
    skillKind(day.format),
  );
  const ratings = new Map([...skill].map(([userId, { mu, sigma }]) => [userId, { mu, sigma }]));
  return { ...base, skill, ratings };
}

/** Names of users and guests alike: a guest by the name their player gave, else as their player's guest. */
export async function namesOf(deps: GameDayDeps, gameId: string, ids: string[], parties?: Party[]): Promise<Map<string, string | null>> {
  const guests = ids.filter(isGuest);
  const known = guests.length > 0 ? (parties ?? (await deps.games.activeParties(gameId))) : [];
  const found = guests.map((id) => ({ id, guest: bringerOf(gameId, id, known) }));
  const users = [...new Set([...ids.filter((id) => !isGuest(id)), ...found.flatMap(({ guest }) => (guest ? [guest.guestOf] : []))])];
  const names = await deps.users.namesOf(users);
  for (const { id, guest } of found) names.set(id, guest ? guestName(guest, names.get(guest.guestOf) ?? null) : null);
  return names;
}
