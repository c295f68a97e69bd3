import type { Executor } from '../../platform/db/index.ts';
import type { GameStanding } from '../games/index.ts';

/** What attendance asks of games (the games module's lookups). */
export interface AttendanceGames {
  standing(gameId: string, userId: string): Promise<GameStanding | undefined>;
  activePlayerIds(gameId: string): Promise<string[]>;
}

/**
 * The player is told of a NO_SHOW mark, and of an admin's decision on their dispute of it, in the
 * change's transaction (the notifications module writes it).
 */
export interface AttendanceEvents {
  emit(
    event: { type: 'MARKED_NO_SHOW' | 'NO_SHOW_UPHELD' | 'NO_SHOW_DISMISSED'; gameId: string; recipients: string[]; title?: string | null },
    executor: Executor,
  ): Promise<void>;
}

export interface AttendanceUsers {
  namesOf(ids: string[]): Promise<Map<string, string | null>>;
}

/**
 * Tells everyone on a game's game-day board to read it again (who is checked in changed), once the
 * mark is committed: the event carries nothing a refetch does not, and it never fails the mark.
 */
export type BoardChanged = (gameId: string) => Promise<void>;
