import type { Executor } from '../../platform/db/index.ts';
import type { GameStanding } from '../games/index.ts';
import type { MatchResult, PlayerSkill, SkillKind } from '../skill/index.ts';

/** What game day asks of games: who the caller is to the game, and who brings guests. */
export interface GameDayGames {
  standing(gameId: string, userId: string): Promise<GameStanding | undefined>;
  /** The players holding a place, each with their guests (count and the names given, one per guest at most). */
  activeParties(gameId: string): Promise<Array<{ userId: string; guests: number; guestNames: string[] }>>;
}

/** Who is checked in (attendance's ATTENDED marks: self check-in or a host's mark), in the order they came. */
export interface GameDayAttendance {
  checkedIn(gameId: string): Promise<Array<{ userId: string; at: Date }>>;
  markPlayed(game: { id: string; startTime: Date }, userIds: string[], by: string, at: Date, executor: Executor): Promise<void>;
}

/** Each player who played is told the session is over, in the closing transaction (the notifications module writes it). */
export interface GameDayEvents {
  emit(event: { type: 'GAME_DAY_SUMMARY'; gameId: string; recipients: string[]; title?: string | null }, executor: Executor): Promise<void>;
}

export interface GameDayUsers {
  namesOf(ids: string[]): Promise<Map<string, string | null>>;
}

/** What game day asks of skill: ratings for the rotation and the board, and a final result to learn from (once per match). */
export interface GameDaySkill {
  ratingsOf(userIds: string[], activityId: string, kind: SkillKind): Promise<Map<string, PlayerSkill>>;
  recordResult(result: MatchResult, tx: Executor): Promise<boolean>;
}

/**
 * Tells everyone on a game's board to read it again, once a change to it is committed: the event
 * carries nothing a refetch does not, so it is never part of the change, and it never fails one.
 */
export type BoardChanged = (gameId: string) => Promise<void>;
