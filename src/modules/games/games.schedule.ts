import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { GamesRepository } from './games.repository.ts';

export interface UpcomingGame { gameId: string; title: string | null; startTime: Date; playerIds: string[] }

/** What the scheduled jobs do to games (the jobs module runs these under a cluster-wide lock). */
export class GameSchedule {
  readonly #db: Database;
  readonly #clock: Clock;

  constructor(deps: { db: Database; clock: Clock }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
  }

  /** Writes SCHEDULED → STARTED → COMPLETED as the clock has passed start and end; answers the games moved. */
  advanceStatuses(): Promise<number> {
    return new GamesRepository(this.#db).advanceStatuses(this.#clock.now());
  }

  /** Cleanup: share access rows past their life (they already grant nothing; see games.share-access.ts). */
  purgeShareAccess(): Promise<number> {
    return new GamesRepository(this.#db).purgeShareAccess(this.#clock.now());
  }

  /** SCHEDULED games starting within `withinMs` from now, with their ACTIVE players: who gets a reminder. */
  startingSoon(withinMs: number): Promise<UpcomingGame[]> {
    const now = this.#clock.now();
    return new GamesRepository(this.#db).startingBetween(now, new Date(now.getTime() + withinMs));
  }
}
