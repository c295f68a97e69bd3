import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { conflict } from '../../platform/http/errors.ts';
import type { AttendanceGames } from './attendance.ports.ts';
import { presentRating } from './attendance.presenter.ts';
import { AttendanceRepository } from './attendance.repository.ts';
import { ratingOpen } from './attendance.rules.ts';
import { gameNotFound } from './attendance.service.ts';

/** After the game: players who attended rate it privately; only its hosts read the ratings. */
export class RatingsService {
  readonly #deps: { db: Database; clock: Clock; games: AttendanceGames };

  constructor(deps: { db: Database; clock: Clock; games: AttendanceGames }) {
    this.#deps = deps;
  }

  /** One rating per player and game: rating again replaces it. */
  async rate(userId: string, gameId: string, input: { score: number; note?: string }) {
    const { db, clock, games } = this.#deps;
    const standing = await games.standing(gameId, userId);
    if (!standing?.visible) throw gameNotFound();
    if (standing.host) throw conflict('host_cannot_rate', "A game's hosts (organiser and co-hosts) do not rate it.");
    const repository = new AttendanceRepository(db);
    const now = clock.now();
    const attended = (await repository.find(gameId, userId))?.status === 'ATTENDED';
    if (!attended || !ratingOpen(standing.game, now))
      throw conflict('rating_not_allowed', 'Only players marked as attended can rate a game, once it has ended.');
    const row = await repository.rate({ gameId, userId, score: input.score, note: input.note?.trim() || null, ratedAt: now });
    return { gameId, ...presentRating(row) };
  }

  /** Hosts only; anyone else gets 404. */
  async list(hostId: string, gameId: string) {
    const { db, games } = this.#deps;
    if (!(await games.standing(gameId, hostId))?.host) throw gameNotFound();
    const rows = await new AttendanceRepository(db).ratingsOf(gameId);
    const average = rows.length ? Math.round((rows.reduce((sum, row) => sum + row.score, 0) / rows.length) * 100) / 100 : null;
    return { average, count: rows.length, ratings: rows.map(presentRating) };
  }

  /** A hard-deleted game's marks and ratings go with it. */
  async forgetGame(gameId: string, executor: Executor): Promise<void> {
    await new AttendanceRepository(executor).forgetGame(gameId);
  }
}

/** The averages the organiser's hosted list shows: reads only ratings, so it needs nothing of games. */
export class RatingAverages {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async averagesOf(gameIds: string[]): Promise<Map<string, { average: number | null; count: number }>> {
    return new AttendanceRepository(this.#db).averagesOf(gameIds);
  }
}
