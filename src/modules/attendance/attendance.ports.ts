import type { GameStanding } from '../games/index.ts';

/** What attendance asks of games (the games module's lookups). */
export interface AttendanceGames {
  standing(gameId: string, userId: string): Promise<GameStanding | undefined>;
  activePlayerIds(gameId: string): Promise<string[]>;
}

export interface AttendanceUsers {
  namesOf(ids: string[]): Promise<Map<string, string | null>>;
}
