import { conflict, notFound, validationFailed } from '../../platform/http/errors.ts';
import type { UsersService } from '../users/index.ts';
import { CoHostsRepository, type CoHostRow } from './games.co-hosts.repository.ts';
import { gameNotFound } from './games.queries.ts';
import { GamesRepository } from './games.repository.ts';
import { effectiveStatus } from './games.rules.ts';
import { announce, type GameWriterDeps, lockOwned } from './games.writes.ts';

/** At most this many co-hosts per game. */
export const MAX_CO_HOSTS = 5;

export interface GameCoHostsDeps extends GameWriterDeps {
  users: Pick<UsersService, 'liveIds' | 'namesOf'>;
}

export interface PresentedCoHost {
  userId: string;
  name: string | null;
  addedAt: string;
}

/** The organiser's helpers: only the organiser (not an admin, not a co-host) changes them. */
export class GameCoHosts {
  readonly #deps: GameCoHostsDeps;

  constructor(deps: GameCoHostsDeps) {
    this.#deps = deps;
  }

  /** Anyone who may see the game sees who runs it. */
  async list(gameId: string, viewerId: string): Promise<PresentedCoHost[]> {
    const { db } = this.#deps;
    if (!(await new GamesRepository(db).isVisible(gameId, viewerId, this.#deps.clock.now()))) throw gameNotFound();
    return this.#present(await new CoHostsRepository(db).list(gameId));
  }

  async add(organizerId: string, gameId: string, userId: string): Promise<PresentedCoHost> {
    const { db, clock, events, users } = this.#deps;
    // Another module's read, on its own connection: before the transaction (the embedded database has one).
    const known = (await users.liveIds([userId])).has(userId);
    const row = await db.transaction(async (tx) => {
      const game = await lockOwned(new GamesRepository(tx), gameId, { userId: organizerId, roles: [] });
      if (!known) throw validationFailed([{ field: 'userId', location: 'body', message: 'is not a known user' }]);
      const now = clock.now();
      const status = effectiveStatus(game, now);
      if (status !== 'SCHEDULED') throw conflict('game_not_editable', `A ${status.toLowerCase()} game cannot be changed.`);
      if (userId === game.organizerId) throw conflict('co_host_is_organizer', 'The organiser already runs the game.');
      const coHosts = new CoHostsRepository(tx);
      // Counted under the game's row lock, which every co-host change takes: the limit cannot be raced past.
      if ((await coHosts.count(gameId)) >= MAX_CO_HOSTS) throw conflict('co_host_limit', `A game has at most ${MAX_CO_HOSTS} co-hosts.`);
      const added = await coHosts.add({ gameId, userId, addedAt: now });
      if (!added) throw conflict('already_co_host', 'The user already co-hosts this game.');
      await announce(events, tx, { type: 'CO_HOST_ADDED', gameId, actorId: organizerId, recipients: [userId], title: game.title });
      return added;
    });
    const [presented] = await this.#present([row]);
    return presented!;
  }

  async remove(organizerId: string, gameId: string, userId: string): Promise<void> {
    const { db, events } = this.#deps;
    await db.transaction(async (tx) => {
      const game = await lockOwned(new GamesRepository(tx), gameId, { userId: organizerId, roles: [] });
      if (!(await new CoHostsRepository(tx).remove(gameId, userId))) throw notFound('The user does not co-host this game.', 'co_host_not_found');
      await announce(events, tx, { type: 'CO_HOST_REMOVED', gameId, actorId: organizerId, recipients: [userId], title: game.title });
    });
  }

  async #present(rows: CoHostRow[]): Promise<PresentedCoHost[]> {
    const names = await this.#deps.users.namesOf(rows.map((row) => row.userId));
    return rows.map((row) => ({ userId: row.userId, name: names.get(row.userId) ?? null, addedAt: row.addedAt.toISOString() }));
  }
}
