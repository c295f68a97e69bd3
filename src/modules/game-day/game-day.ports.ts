import type { Executor } from '../../platform/db/index.ts';
import type { GameStanding } from '../games/index.ts';
import type { MatchResult, PlayerSkill, SkillKind } from '../skill/index.ts';

/** What game day asks of games: who the caller is to the game. */
export interface GameDayGames {
  standing(gameId: string, userId: string): Promise<GameStanding | undefined>;
}

/** Who is checked in (attendance's ATTENDED marks: self check-in or a host's mark), in the order they came. */
export interface GameDayAttendance {
  checkedIn(gameId: string): Promise<Array<{ userId: string; at: Date }>>;
}

export interface GameDayUsers {
  namesOf(ids: string[]): Promise<Map<string, string | null>>;
}

/** What game day asks of skill: ratings for the rotation and the board, and a final result to learn from (once per match). */
export interface GameDaySkill {
  ratingsOf(userIds: string[], activityId: string, kind: SkillKind): Promise<Map<string, PlayerSkill>>;
  recordResult(result: MatchResult, tx: Executor): Promise<boolean>;
}
