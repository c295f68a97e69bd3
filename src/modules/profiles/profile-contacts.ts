import type { Database } from '../../platform/db/index.ts';
import { presentContactMethods } from './profiles.presenter.ts';
import { ProfilesRepository } from './profiles.repository.ts';
import type { ContactMethod, StoredContactMethod } from './profiles.table.ts';

const upper = (name: StoredContactMethod['name']) => name.toUpperCase() as ContactMethod['name'];

/** The profiles module's reads that need nothing of games: how people may be reached, for the people they play with. */
export class ProfileContacts {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** How one user (an organiser) may be reached. */
  async contactMethodsOf(userId: string): Promise<Array<{ name: string; value: string }>> {
    return presentContactMethods(await new ProfilesRepository(this.#db).find(userId));
  }

  /** Each user's contact methods (none for a user without a profile). */
  async contactsOf(userIds: string[]): Promise<Map<string, ContactMethod[]>> {
    const found = new Map<string, ContactMethod[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return found;
    for (const row of await new ProfilesRepository(this.#db).contactMethodsOf(userIds))
      found.set(
        row.userId,
        row.contactMethods.map((method) => ({ name: upper(method.name), value: method.value })),
      );
    return found;
  }
}
