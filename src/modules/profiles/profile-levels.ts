import type { Database } from '../../platform/db/index.ts';
import { ProfilesRepository } from './profiles.repository.ts';

/** The profiles module's read that needs nothing of games: the level a user stated for an activity. */
export class ProfileLevels {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async levelIn(userId: string, activityId: string): Promise<string | undefined> {
    const levels = await new ProfilesRepository(this.#db).skillLevelsOf(userId);
    return levels.find((level) => level.activityId === activityId)?.skillLevelId;
  }
}
