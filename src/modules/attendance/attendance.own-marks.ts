import type { Database } from '../../platform/db/index.ts';
import { AttendanceRepository } from './attendance.repository.ts';
import { selfCheckInWindow } from './attendance.rules.ts';

/** A player's own mark, rating and windows for one game, for the game's page: reads only attendance, so it needs nothing of games. */
export class OwnMarks {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async ownOf(game: { id: string; startTime: Date; endTime: Date }, userId: string) {
    const repository = new AttendanceRepository(this.#db);
    const [mark, rating] = await Promise.all([repository.find(game.id, userId), repository.ratingOf(game.id, userId)]);
    return {
      status: mark?.status ?? null,
      rating: rating ? { score: rating.score, note: rating.note } : null,
      checkIn: selfCheckInWindow(game),
      // Ratings open at the end (ratingOpen), for players marked attended.
      rateFrom: game.endTime,
    };
  }
}
