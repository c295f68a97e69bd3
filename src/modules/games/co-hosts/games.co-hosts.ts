import type { Executor } from '../../../platform/db/index.ts';
import { conflict, notFound, validationFailed } from '../../../platform/http/errors.ts';
import type { AuditActor, AuditTrail } from '../../audit/index.ts';
import type { InvitationRow, Invitations } from '../../invitations/index.ts';
import type { UsersService } from '../../users/index.ts';
import { CoHostsRepository } from './games.co-hosts.repository.ts';
import { gameNotFound } from '../listing/games.queries.ts';
import { GamesRepository, type GameRow } from '../games.repository.ts';
import { effectiveStatus } from '../rules/games.rules.ts';
import { announce, type GameWriterDeps, lockOwned } from '../games.writes.ts';

/** At most this many co-hosts per game. */
export const MAX_CO_HOSTS = 5;

export interface GameCoHostsDeps extends GameWriterDeps {
  users: Pick<UsersService, 'liveIds' | 'namesOf'>;
  invitations: Pick<Invitations, 'invite' | 'withdraw' | 'openFor' | 'expiry'>;
  audit: AuditTrail;
}

export interface PresentedCoHost {
  userId: string;
  name: string | null;
  addedAt: string;
  state: 'ACTIVE' | 'PENDING';
}

interface Listed {
  userId: string;
  addedAt: Date;
  state: PresentedCoHost['state'];
}

const notEditable = (status: string) => conflict('game_not_editable', `A ${status.toLowerCase()} game cannot be changed.`);

/**
 * The organiser's helpers: only the organiser (not an admin, not a co-host) invites or removes them,
 * and an invited person co-hosts only once they accept (consent for membership).
 */
export class GameCoHosts {
  readonly #deps: GameCoHostsDeps;

  constructor(deps: GameCoHostsDeps) {
    this.#deps = deps;
  }

  /** Anyone who may see the game sees who runs it; the organiser also sees whom they invited. */
  async list(gameId: string, viewerId: string): Promise<PresentedCoHost[]> {
    const { db, clock, invitations } = this.#deps;
    const games = new GamesRepository(db);
    if (!(await games.isVisible(gameId, viewerId, clock.now()))) throw gameNotFound();
    const rows: Listed[] = (await new CoHostsRepository(db).list(gameId)).map((row) => ({ ...row, state: 'ACTIVE' }));
    if ((await games.find(gameId))?.organizerId === viewerId) rows.push(...pending(await invitations.openFor('GAME_CO_HOST', gameId, db)));
    return this.#present(rows);
  }

  /** An invitation, told to the person once: inviting again while it is open answers the same and tells nobody. */
  async add(organizerId: string, gameId: string, userId: string, trail: AuditActor): Promise<PresentedCoHost> {
    const { db, clock, events, users, invitations, audit } = this.#deps;
    // Another module's read, on its own connection: before the transaction (the embedded database has one).
    const known = (await users.liveIds([userId])).has(userId);
    const invitation = await db.transaction(async (tx) => {
      const game = await lockOwned(new GamesRepository(tx), gameId, { userId: organizerId, roles: [] });
      if (!known) throw validationFailed([{ field: 'userId', location: 'body', message: 'is not a known user' }]);
      const status = effectiveStatus(game, clock.now());
      if (status !== 'SCHEDULED') throw notEditable(status);
      if (userId === game.organizerId) throw conflict('co_host_is_organizer', 'The organiser already runs the game.');
      const coHosts = new CoHostsRepository(tx);
      if (await coHosts.isCoHost(gameId, userId)) throw conflict('already_co_host', 'The user already co-hosts this game.');
      // Co-hosts and open invitations together, counted under the game's row lock, which every co-host
      // change takes (checked again on accepting). Inviting someone already invited is not one more.
      const open = await invitations.openFor('GAME_CO_HOST', gameId, tx);
      if (!open.some((row) => row.userId === userId) && (await coHosts.count(gameId)) + open.length >= MAX_CO_HOSTS) {
        throw conflict('co_host_limit', `A game has at most ${MAX_CO_HOSTS} co-hosts.`);
      }
      const expiresAt = invitations.expiry(game.startTime);
      const sent = await invitations.invite({ kind: 'GAME_CO_HOST', targetId: gameId, userId, invitedBy: organizerId, expiresAt }, tx);
      if (sent.created) {
        await announce(events, tx, { type: 'CO_HOST_INVITED', gameId, actorId: organizerId, recipients: [userId], title: game.title });
        const changes = { coHostInvitation: { before: null, after: { userId } } };
        await audit.record(tx, { ...trail, action: 'game.co-host.invited', objectType: 'game', objectId: gameId, changes });
      }
      return sent.invitation;
    });
    const [presented] = await this.#present(pending([invitation]));
    return presented!;
  }

  /** Removes a co-host (told), or withdraws an open invitation to co-host. */
  async remove(organizerId: string, gameId: string, userId: string, trail: AuditActor): Promise<void> {
    const { db, events, invitations, audit } = this.#deps;
    await db.transaction(async (tx) => {
      const game = await lockOwned(new GamesRepository(tx), gameId, { userId: organizerId, roles: [] });
      const entry = { ...trail, objectType: 'game', objectId: gameId };
      if (await new CoHostsRepository(tx).remove(gameId, userId)) {
        await announce(events, tx, { type: 'CO_HOST_REMOVED', gameId, actorId: organizerId, recipients: [userId], title: game.title });
        await audit.record(tx, { ...entry, action: 'game.co-host.removed', changes: { coHost: { before: { userId }, after: null } } });
        return;
      }
      if (!(await invitations.withdraw('GAME_CO_HOST', gameId, userId, tx))) throw notFound('The user does not co-host this game.', 'co_host_not_found');
      await audit.record(tx, { ...entry, action: 'game.co-host.invitation.withdrawn', changes: { coHostInvitation: { before: { userId }, after: null } } });
    });
  }

  /**
   * The person agreed (accepted the game's invitation, or one to co-host its series): a co-host from
   * now, under the game's row lock, while the game is still to come and has room. Already one: nothing to do.
   */
  async confirm(gameId: string, userId: string, executor: Executor): Promise<void> {
    const game: GameRow | undefined = await new GamesRepository(executor).lock(gameId);
    if (!game) throw gameNotFound();
    const status = effectiveStatus(game, this.#deps.clock.now());
    if (status !== 'SCHEDULED') throw notEditable(status);
    const coHosts = new CoHostsRepository(executor);
    if (userId === game.organizerId || (await coHosts.isCoHost(gameId, userId))) return;
    if ((await coHosts.count(gameId)) >= MAX_CO_HOSTS) throw conflict('co_host_limit', `A game has at most ${MAX_CO_HOSTS} co-hosts.`);
    await coHosts.add({ gameId, userId, addedAt: this.#deps.clock.now() });
  }

  async #present(rows: Listed[]): Promise<PresentedCoHost[]> {
    const names = await this.#deps.users.namesOf(rows.map((row) => row.userId));
    return rows.map((row) => ({ userId: row.userId, name: names.get(row.userId) ?? null, addedAt: row.addedAt.toISOString(), state: row.state }));
  }
}

function pending(rows: InvitationRow[]): Listed[] {
  return rows.map((row) => ({ userId: row.userId, addedAt: row.createdAt, state: 'PENDING' }));
}
