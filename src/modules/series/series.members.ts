import type { Executor } from '../../platform/db/index.ts';
import { AppError, conflict, notFound, validationFailed } from '../../platform/http/errors.ts';
import type { AuditActor } from '../audit/index.ts';
import type { InvitationAcceptor, InvitationRow } from '../invitations/index.ts';
import { dateOf, dayOf, localDay } from '../../platform/local-time.ts';
import { lockManaged, seriesNotFound, visibleSeries } from './series.access.ts';
import { seriesEnded } from './series.errors.ts';
import type { SeriesDeps } from './series.ports.ts';
import { presentMembers, type PresentedMember } from './series.presenter.ts';
import { SeriesRepository } from './series.repository.ts';
import { occurrenceTimes, seriesDays } from './series.rules.ts';

/** At most this many co-hosts per series, as per game. */
export const MAX_SERIES_CO_HOSTS = 5;

const unknownUser = () => validationFailed([{ field: 'userId', location: 'body', message: 'is not a known user' }]);
const alreadyRegular = () => conflict('already_regular', 'The player is already a regular of this series.');
const coHostLimit = () => conflict('co_host_limit', `A series has at most ${MAX_SERIES_CO_HOSTS} co-hosts.`);

/**
 * Regulars (opting in, or invited by the organiser or a co-host and accepting), their skips, and the
 * series' co-hosts (invited by the organiser, accepting). Nobody becomes a member without consent.
 */
export class SeriesMembers {
  readonly #deps: SeriesDeps;

  constructor(deps: SeriesDeps) {
    this.#deps = deps;
  }

  /** Everyone who sees the series sees its regulars; the organiser and co-hosts also whom they invited. */
  async regulars(id: string, viewerId: string): Promise<PresentedMember[]> {
    const { db, invitations } = this.#deps;
    const repository = new SeriesRepository(db);
    const { roles } = await visibleSeries(repository, id, viewerId);
    const rows: Listed[] = (await repository.regulars(id)).map(active);
    if (roles.isOrganizer || roles.isCoHost) rows.push(...(await invitations.openFor('SERIES_REGULAR', id, db)).map(pending));
    return this.#present(rows);
  }

  /**
   * Anyone may opt themselves in (one step) to a series they see that takes joins without approval.
   * The organiser or a co-host adding someone else sends an invitation: they are a regular once they accept.
   */
  async addRegular(actorId: string, id: string, userId: string): Promise<PresentedMember> {
    const { db, clock, users, invitations, events } = this.#deps;
    const repository = new SeriesRepository(db);
    const { series, roles } = await visibleSeries(repository, id, actorId);
    const manages = roles.isOrganizer || roles.isCoHost;
    if (!manages && userId !== actorId) throw seriesNotFound();
    if (!manages && series.joinPolicy === 'APPROVAL')
      throw conflict('approval_required', 'This series takes players by approval: ask the organiser to add you.');
    if (series.status === 'ENDED') throw seriesEnded();
    if (!(await users.liveIds([userId])).has(userId)) throw unknownUser();
    if (userId === actorId) {
      const row = await repository.addRegular({ seriesId: id, userId, addedAt: clock.now() });
      if (!row) throw alreadyRegular();
      return (await this.#present([active(row)]))[0]!;
    }
    const invitation = await db.transaction(async (tx) => {
      const locked = new SeriesRepository(tx);
      await locked.lock(id);
      if (await locked.isRegular(id, userId)) throw alreadyRegular();
      const sent = await invitations.invite({ kind: 'SERIES_REGULAR', targetId: id, userId, invitedBy: actorId, expiresAt: invitations.expiry() }, tx);
      if (sent.created) await events.emitForSeries({ type: 'SERIES_REGULAR_INVITED', seriesId: id, actorId, recipients: [userId], title: series.title }, tx);
      return sent.invitation;
    });
    return (await this.#present([pending(invitation)]))[0]!;
  }

  /**
   * A regular leaves (or the organiser or a co-host removes them, and they are told): later dates no
   * longer join them. Removing someone only invited withdraws the invitation.
   */
  async removeRegular(actorId: string, id: string, userId: string, trail: AuditActor): Promise<void> {
    const { db, invitations, events, audit } = this.#deps;
    const { series, roles } = await visibleSeries(new SeriesRepository(db), id, actorId);
    if (userId !== actorId && !roles.isOrganizer && !roles.isCoHost) throw seriesNotFound();
    await db.transaction(async (tx) => {
      if (await new SeriesRepository(tx).removeRegular(id, userId)) {
        // Leaving by oneself is one's own data: only a removal by the organiser or a co-host is recorded.
        if (userId === actorId) return;
        await events.emitForSeries({ type: 'SERIES_REGULAR_REMOVED', seriesId: id, actorId, recipients: [userId], title: series.title }, tx);
        const changes = { regular: { before: { userId }, after: null } };
        await audit.record(tx, { ...trail, action: 'series.regular.removed', objectType: 'series', objectId: id, changes });
        return;
      }
      if (!(await invitations.withdraw('SERIES_REGULAR', id, userId, tx))) throw notFound('The player is not a regular of this series.', 'regular_not_found');
    });
  }

  /** A regular sits one date out: not joined when it opens, or out of its game if it already has (the game's leave rules apply). */
  async skip(userId: string, id: string, date: string): Promise<void> {
    const { db, clock, timeZone, games } = this.#deps;
    const repository = new SeriesRepository(db);
    const { series } = await visibleSeries(repository, id, userId);
    if (!(await repository.isRegular(id, userId))) throw notFound('You are not a regular of this series.', 'regular_not_found');
    const day = dayOf(date);
    if (!seriesDays(series, day).includes(day)) throw notFound('The series has no game on that date.', 'occurrence_not_found');
    if (occurrenceTimes(day, series.startMinutes, series.durationMinutes, timeZone).startTime <= clock.now()) {
      throw conflict('occurrence_past', 'That date of the series has already started.');
    }
    // Recorded first: a date opening meanwhile either sees the skip or has joined the player, whom the leave below takes out.
    await repository.addSkip({ seriesId: id, occursOn: date, userId });
    const occurrence = await repository.occurrence(id, date);
    if (occurrence?.state !== 'OPENED' || !occurrence.gameId) return;
    try {
      await games.participation.leave(userId, occurrence.gameId);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_participant')) throw error;
    }
  }

  /** Everyone who sees the series sees its co-hosts; the organiser also whom they invited. */
  async coHosts(id: string, viewerId: string): Promise<PresentedMember[]> {
    const { db, invitations } = this.#deps;
    const repository = new SeriesRepository(db);
    const { roles } = await visibleSeries(repository, id, viewerId);
    const rows: Listed[] = (await repository.coHosts(id)).map(active);
    if (roles.isOrganizer) rows.push(...(await invitations.openFor('SERIES_CO_HOST', id, db)).map(pending));
    return this.#present(rows);
  }

  /** Only the organiser invites; once accepted, copied to each date as it opens and to the games already open that are still to come. */
  async addCoHost(organizerId: string, id: string, userId: string, trail: AuditActor): Promise<PresentedMember> {
    const { db, users, invitations, events, audit } = this.#deps;
    const known = (await users.liveIds([userId])).has(userId);
    const invitation = await db.transaction(async (tx) => {
      const repository = new SeriesRepository(tx);
      const series = await lockManaged(repository, id, organizerId, false);
      if (series.status === 'ENDED') throw seriesEnded();
      if (!known) throw unknownUser();
      if (userId === series.organizerId) throw conflict('co_host_is_organizer', 'The organiser already runs the series.');
      if (await repository.isCoHost(id, userId)) throw conflict('already_co_host', 'The user already co-hosts this series.');
      // Co-hosts and open invitations together, under the series' row lock (checked again on accepting).
      const open = await invitations.openFor('SERIES_CO_HOST', id, tx);
      if (!open.some((row) => row.userId === userId) && (await repository.coHosts(id)).length + open.length >= MAX_SERIES_CO_HOSTS) throw coHostLimit();
      const sent = await invitations.invite({ kind: 'SERIES_CO_HOST', targetId: id, userId, invitedBy: organizerId, expiresAt: invitations.expiry() }, tx);
      if (sent.created) {
        await events.emitForSeries({ type: 'SERIES_CO_HOST_INVITED', seriesId: id, actorId: organizerId, recipients: [userId], title: series.title }, tx);
        const changes = { coHostInvitation: { before: null, after: { userId } } };
        await audit.record(tx, { ...trail, action: 'series.co-host.invited', objectType: 'series', objectId: id, changes });
      }
      return sent.invitation;
    });
    return (await this.#present([pending(invitation)]))[0]!;
  }

  /** Removes a co-host (from the series and its games still to come), or withdraws an open invitation. */
  async removeCoHost(organizerId: string, id: string, userId: string, trail: AuditActor): Promise<void> {
    const { db, invitations, audit, games } = this.#deps;
    const entry = { ...trail, objectType: 'series', objectId: id };
    const removed = await db.transaction(async (tx) => {
      const repository = new SeriesRepository(tx);
      await lockManaged(repository, id, organizerId, false);
      if (await repository.removeCoHost(id, userId)) {
        await audit.record(tx, { ...entry, action: 'series.co-host.removed', changes: { coHost: { before: { userId }, after: null } } });
        return true;
      }
      if (!(await invitations.withdraw('SERIES_CO_HOST', id, userId, tx))) throw notFound('The user does not co-host this series.', 'co_host_not_found');
      await audit.record(tx, { ...entry, action: 'series.co-host.invitation.withdrawn', changes: { coHostInvitation: { before: { userId }, after: null } } });
      return false;
    });
    // Each game the removal reaches records its own entry, with this request's id.
    if (removed) await this.#eachOpenGame(id, (gameId) => games.coHosts.remove(organizerId, gameId, userId, trail));
  }

  /** What accepting an invitation to be a regular does: a regular from now on (the next date to open joins them). */
  readonly regularAcceptor: InvitationAcceptor = {
    accept: async (invitation, executor) => {
      const repository = new SeriesRepository(executor);
      if ((await repository.lock(invitation.targetId))?.status !== 'ACTIVE') throw seriesEnded();
      await repository.addRegular({ seriesId: invitation.targetId, userId: invitation.userId, addedAt: this.#deps.clock.now() });
    },
  };

  /** What accepting an invitation to co-host does: a co-host of the series, and of its games still to come. */
  readonly coHostAcceptor: InvitationAcceptor = {
    accept: (invitation, executor) => this.#acceptCoHost(invitation, executor),
    afterAccept: (invitation) =>
      this.#eachOpenGame(invitation.targetId, (gameId) => this.#deps.db.transaction((tx) => this.#deps.games.coHosts.confirm(gameId, invitation.userId, tx))),
  };

  async #acceptCoHost(invitation: InvitationRow, executor: Executor): Promise<void> {
    const repository = new SeriesRepository(executor);
    const series = await repository.lock(invitation.targetId);
    if (series?.status !== 'ACTIVE') throw seriesEnded();
    if (await repository.isCoHost(series.id, invitation.userId)) return;
    if ((await repository.coHosts(series.id)).length >= MAX_SERIES_CO_HOSTS) throw coHostLimit();
    await repository.addCoHost({ seriesId: series.id, userId: invitation.userId, addedAt: this.#deps.clock.now() });
  }
  /**
   * The series' opened games from today on, each through the games module's own rules: a game that
   * refuses (started, already has the co-host, or has five of its own) keeps what it has.
   */
  async #eachOpenGame(id: string, change: (gameId: string) => Promise<unknown>): Promise<void> {
    const today = dateOf(localDay(this.#deps.clock.now(), this.#deps.timeZone));
    for (const { gameId } of await new SeriesRepository(this.#deps.db).openedFrom(id, today)) {
      try {
        await change(gameId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
  }

  async #present(rows: Listed[]): Promise<PresentedMember[]> {
    return presentMembers(rows, await this.#deps.users.namesOf(rows.map((row) => row.userId)));
  }
}

interface Listed {
  userId: string;
  addedAt: Date;
  state: PresentedMember['state'];
}

const active = (row: { userId: string; addedAt: Date }): Listed => ({ userId: row.userId, addedAt: row.addedAt, state: 'ACTIVE' });
const pending = (row: InvitationRow): Listed => ({ userId: row.userId, addedAt: row.createdAt, state: 'PENDING' });
