import { AppError, conflict, notFound, validationFailed } from '../../platform/http/errors.ts';
import { dateOf, dayOf, localDay } from '../../platform/local-time.ts';
import { lockManaged, seriesNotFound, visibleSeries } from './series.access.ts';
import type { SeriesDeps } from './series.ports.ts';
import { presentMembers, type PresentedMember } from './series.presenter.ts';
import { SeriesRepository } from './series.repository.ts';
import { occurrenceTimes, seriesDays } from './series.rules.ts';

/** At most this many co-hosts per series, as per game. */
export const MAX_SERIES_CO_HOSTS = 5;

const unknownUser = () => validationFailed([{ field: 'userId', location: 'body', message: 'is not a known user' }]);
const seriesEnded = () => conflict('series_ended', 'The series has ended; it cannot change any more.');

/** Regulars (added by the organiser or a co-host, or opting in), their skips, and the series' co-hosts. */
export class SeriesMembers {
  readonly #deps: SeriesDeps;

  constructor(deps: SeriesDeps) {
    this.#deps = deps;
  }

  async regulars(id: string, viewerId: string): Promise<PresentedMember[]> {
    const repository = new SeriesRepository(this.#deps.db);
    await visibleSeries(repository, id, viewerId);
    return this.#present(await repository.regulars(id));
  }

  /** The organiser or a co-host adds anyone; anyone else may add only themselves, to a series they see that takes joins without approval. */
  async addRegular(actorId: string, id: string, userId: string): Promise<PresentedMember> {
    const { db, clock, users } = this.#deps;
    const repository = new SeriesRepository(db);
    const { series, roles } = await visibleSeries(repository, id, actorId);
    const manages = roles.isOrganizer || roles.isCoHost;
    if (!manages && userId !== actorId) throw seriesNotFound();
    if (!manages && series.joinPolicy === 'APPROVAL')
      throw conflict('approval_required', 'This series takes players by approval: ask the organiser to add you.');
    if (series.status === 'ENDED') throw seriesEnded();
    if (!(await users.liveIds([userId])).has(userId)) throw unknownUser();
    const row = await repository.addRegular({ seriesId: id, userId, addedAt: clock.now() });
    if (!row) throw conflict('already_regular', 'The player is already a regular of this series.');
    return (await this.#present([row]))[0]!;
  }

  /** A regular leaves (or the organiser or a co-host removes them): later dates no longer join them. */
  async removeRegular(actorId: string, id: string, userId: string): Promise<void> {
    const repository = new SeriesRepository(this.#deps.db);
    const { roles } = await visibleSeries(repository, id, actorId);
    if (userId !== actorId && !roles.isOrganizer && !roles.isCoHost) throw seriesNotFound();
    if (!(await repository.removeRegular(id, userId))) throw notFound('The player is not a regular of this series.', 'regular_not_found');
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

  async coHosts(id: string, viewerId: string): Promise<PresentedMember[]> {
    const repository = new SeriesRepository(this.#deps.db);
    await visibleSeries(repository, id, viewerId);
    return this.#present(await repository.coHosts(id));
  }

  /** Only the organiser; copied to each date as it opens, and to the games already open that are still to come. */
  async addCoHost(organizerId: string, id: string, userId: string): Promise<PresentedMember> {
    const { db, clock, users, games } = this.#deps;
    const known = (await users.liveIds([userId])).has(userId);
    const row = await db.transaction(async (tx) => {
      const repository = new SeriesRepository(tx);
      const series = await lockManaged(repository, id, organizerId, false);
      if (series.status === 'ENDED') throw seriesEnded();
      if (!known) throw unknownUser();
      if (userId === series.organizerId) throw conflict('co_host_is_organizer', 'The organiser already runs the series.');
      // Counted under the series' row lock, which every co-host change takes.
      if ((await repository.coHosts(id)).length >= MAX_SERIES_CO_HOSTS)
        throw conflict('co_host_limit', `A series has at most ${MAX_SERIES_CO_HOSTS} co-hosts.`);
      const added = await repository.addCoHost({ seriesId: id, userId, addedAt: clock.now() });
      if (!added) throw conflict('already_co_host', 'The user already co-hosts this series.');
      return added;
    });
    await this.#eachOpenGame(id, (gameId) => games.coHosts.add(organizerId, gameId, userId));
    return (await this.#present([row]))[0]!;
  }

  async removeCoHost(organizerId: string, id: string, userId: string): Promise<void> {
    await this.#deps.db.transaction(async (tx) => {
      const repository = new SeriesRepository(tx);
      await lockManaged(repository, id, organizerId, false);
      if (!(await repository.removeCoHost(id, userId))) throw notFound('The user does not co-host this series.', 'co_host_not_found');
    });
    await this.#eachOpenGame(id, (gameId) => this.#deps.games.coHosts.remove(organizerId, gameId, userId));
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

  async #present(rows: Array<{ userId: string; addedAt: Date }>): Promise<PresentedMember[]> {
    return presentMembers(rows, await this.#deps.users.namesOf(rows.map((row) => row.userId)));
  }
}
