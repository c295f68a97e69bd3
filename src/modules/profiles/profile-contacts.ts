import type { Database } from '../../platform/db/index.ts';
import { presentContactMethods } from './profiles.presenter.ts';
import { ProfilesRepository } from './profiles.repository.ts';

/** The profiles module's read that needs nothing of games: how a user (an organiser) may be reached. */
export class ProfileContacts {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async contactMethodsOf(userId: string): Promise<Array<{ name: string; value: string }>> {
    return presentContactMethods(await new ProfilesRepository(this.#db).find(userId));
  }
}
