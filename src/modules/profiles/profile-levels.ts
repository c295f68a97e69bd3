import type { Database, Executor } from '../../platform/db/index.ts';
import { ProfilesRepository } from './profiles.repository.ts';

/** The profiles module's read that needs nothing of games: the level a user stated for an activity. */
export class ProfileLevels {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** `executor`: the caller's transaction (a join judges the level under the game's lock). */
  async levelIn(userId: string, activityId: string, executor: Executor = this.#db): Promise<string | undefined> {
    const levels = await new ProfilesRepository(executor).skillLevelsOf(userId);
    return levels.find((level) => level.activityId === activityId)?.skillLevelId;
  }
}
