import type { Executor } from '../../platform/db/index.ts';
import { AttendanceRepository } from './attendance.repository.ts';

/** Who is at the game: players marked ATTENDED (self check-in or a host's mark), in the order they came. Game day reads it, and marks who played. */
export class CheckedIn {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** Game day closed: who played is ATTENDED, in the closing transaction (`executor`). */
  markPlayed(game: { id: string; startTime: Date }, userIds: string[], by: string, at: Date, executor: Executor): Promise<void> {
    const marks = userIds.map((userId) => ({ gameId: game.id, userId, status: 'ATTENDED' as const, gameStart: game.startTime, markedBy: by, markedAt: at }));
    return new AttendanceRepository(executor).markPlayed(marks);
  }

  async checkedIn(gameId: string): Promise<Array<{ userId: string; at: Date }>> {
    const marks = await new AttendanceRepository(this.#db).marksOf(gameId);
    return [...marks.values()]
      .filter((row) => row.status === 'ATTENDED')
      .sort((a, b) => a.markedAt.getTime() - b.markedAt.getTime() || a.userId.localeCompare(b.userId))
      .map((row) => ({ userId: row.userId, at: row.markedAt }));
  }
}
