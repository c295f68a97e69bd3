import type { Executor } from '../../platform/db/index.ts';
import { AttendanceRepository } from './attendance.repository.ts';

/** Who is at the game: players marked ATTENDED (self check-in or a host's mark), in the order they came. Game day reads it. */
export class CheckedIn {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async checkedIn(gameId: string): Promise<Array<{ userId: string; at: Date }>> {
    const marks = await new AttendanceRepository(this.#db).marksOf(gameId);
    return [...marks.values()]
      .filter((row) => row.status === 'ATTENDED')
      .sort((a, b) => a.markedAt.getTime() - b.markedAt.getTime() || a.userId.localeCompare(b.userId))
      .map((row) => ({ userId: row.userId, at: row.markedAt }));
  }
}
