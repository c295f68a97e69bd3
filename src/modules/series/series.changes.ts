import { AppError, conflict, notFound } from '../../platform/http/errors.ts';
import { dateOf, dayOf, localDay } from '../../platform/local-time.ts';
import type { UpdateGameInput } from '../games/index.ts';
import { lockManaged, rolesOf, seriesNotFound } from './series.access.ts';
import { seriesEnded } from './series.errors.ts';
import type { SeriesDeps } from './series.ports.ts';
import { presentSeries } from './series.presenter.ts';
import { SeriesRepository, type SeriesRow } from './series.repository.ts';
import { minutesOf, occurrenceTimes, seriesDays } from './series.rules.ts';
import type { EditOccurrenceInput } from './series.schemas.ts';

interface Target {
  occursOn: string;
  gameId: string;
}

/** What an edit may change of each game (undefined: unchanged). */
const editedFields = (input: EditOccurrenceInput) => ({
  title: input.title,
  description: input.description,
  venueId: input.venueId,
  price: input.price,
  currency: input.currency,
  slots: input.slots,
});

const occurrenceNotFound = () => notFound('The series has no game on that date.', 'occurrence_not_found');

/** The organiser's (and co-hosts') changes: edit this game or this and following, cancel a date, end the series. */
export class SeriesChanges {
  readonly #deps: SeriesDeps;

  constructor(deps: SeriesDeps) {
    this.#deps = deps;
  }

  /** Checks the date is one of the series' and has not started; answers its day number. */
  #upcomingDay(series: SeriesRow, date: string): number {
    const day = dayOf(date);
    if (!seriesDays(series, day).includes(day)) throw occurrenceNotFound();
    const { startTime } = occurrenceTimes(day, series.startMinutes, series.durationMinutes, this.#deps.timeZone);
    if (startTime <= this.#deps.clock.now()) throw conflict('occurrence_past', 'That date of the series has already started.');
    return day;
  }

  async edit(actorId: string, id: string, date: string, input: EditOccurrenceInput) {
    const { db, timeZone, games } = this.#deps;
    const repository = new SeriesRepository(db);
    const current = await repository.find(id);
    if (!current || (current.organizerId !== actorId && !(await repository.isCoHost(id, actorId)))) throw seriesNotFound();
    if (current.status === 'ENDED') throw seriesEnded();
    const day = this.#upcomingDay(current, date);
    if (input.venueId) await games.commands.checkReferences(current.activityId, input.venueId, current.skillLevelFromId, current.skillLevelToId);
    const startMinutes = input.startTime !== undefined ? minutesOf(input.startTime) : current.startMinutes;
    const durationMinutes = input.durationMinutes ?? current.durationMinutes;
    const fields = editedFields(input);
    const timed = input.startTime !== undefined || input.durationMinutes !== undefined;
    const patchFor = (gameDay: number): UpdateGameInput => {
      const patch: UpdateGameInput = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      if (!timed) return patch;
      const times = occurrenceTimes(gameDay, startMinutes, durationMinutes, timeZone);
      return { ...patch, startTime: times.startTime.toISOString(), endTime: times.endTime.toISOString() };
    };
    const targets =
      input.scope === 'THIS'
        ? await this.#thisOne(id, date)
        : await this.#thisAndFollowing(actorId, current, day, date, input, { startMinutes, durationMinutes });
    const results = await this.#editGames(actorId, targets, input.scope, patchFor);
    const series = (await repository.find(id))!;
    return { series: presentSeries(series, await rolesOf(repository, series, actorId), timeZone), games: results };
  }

  /** Only the date's game, which must have opened. */
  async #thisOne(id: string, date: string): Promise<Target[]> {
    const occurrence = await new SeriesRepository(this.#deps.db).occurrence(id, date);
    if (occurrence?.state !== 'OPENED' || !occurrence.gameId)
      throw conflict('occurrence_not_open', 'That date has no game yet: edit it once it opens, or edit it and the following ones.');
    return [{ occursOn: date, gameId: occurrence.gameId }];
  }

  /** The series itself changes (dates not yet open follow it), then every game opened from the date on. */
  async #thisAndFollowing(
    actorId: string,
    current: SeriesRow,
    day: number,
    date: string,
    input: EditOccurrenceInput,
    times: { startMinutes: number; durationMinutes: number },
  ): Promise<Target[]> {
    const { db, clock, timeZone } = this.#deps;
    const id = current.id;
    const repository = new SeriesRepository(db);
    // One still waiting before this date would change with it.
    const settled = new Set((await repository.occurrences(id)).map((row) => row.occursOn));
    const today = localDay(clock.now(), timeZone);
    const waiting = seriesDays(current, day - 1).find((earlier) => earlier >= today && !settled.has(dateOf(earlier)));
    if (waiting !== undefined)
      throw conflict('occurrence_not_open', 'An earlier date of the series has not opened yet: edit from the first date not yet open.');
    await db.transaction(async (tx) => {
      const locked = await lockManaged(new SeriesRepository(tx), id, actorId, true);
      if (locked.status === 'ENDED') throw seriesEnded();
      const fields = { ...editedFields(input), title: input.title === undefined ? undefined : input.title?.trim() || null };
      const values = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      await new SeriesRepository(tx).update(id, { ...values, ...times, updatedAt: clock.now() });
    });
    return repository.openedFrom(id, date);
  }

  /** Each game through the games module's own edit (its checks, its notifications); one refused is reported, not fatal. */
  async #editGames(actorId: string, targets: Target[], scope: EditOccurrenceInput['scope'], patchFor: (gameDay: number) => UpdateGameInput) {
    const results = [];
    for (const target of targets) {
      try {
        await this.#deps.games.commands.update(actorId, target.gameId, patchFor(dayOf(target.occursOn)));
        results.push({ date: target.occursOn, gameId: target.gameId, updated: true, code: null });
      } catch (error) {
        if (!(error instanceof AppError) || scope === 'THIS') throw error;
        results.push({ date: target.occursOn, gameId: target.gameId, updated: false, code: error.code });
      }
    }
    return results;
  }

  /** By the organiser: the date never opens, or its game is cancelled (its players told). Again: no-op. */
  async cancelOccurrence(actorId: string, id: string, date: string): Promise<void> {
    const { db, clock, games } = this.#deps;
    const series = await new SeriesRepository(db).find(id);
    if (!series || series.organizerId !== actorId) throw seriesNotFound();
    this.#upcomingDay(series, date);
    const gameId = await db.transaction(async (tx) => {
      const repository = new SeriesRepository(tx);
      await lockManaged(repository, id, actorId, false);
      if (await repository.claim({ seriesId: id, occursOn: date, state: 'CANCELLED', createdAt: clock.now() })) return null;
      const occurrence = await repository.occurrence(id, date);
      await repository.settle(id, date, { state: 'CANCELLED' });
      return occurrence?.state === 'OPENED' ? occurrence.gameId : null;
    });
    if (gameId) await games.commands.cancel({ userId: actorId, roles: [] }, gameId);
  }

  /** By the organiser: nothing more opens, and the games still to come are cancelled (their players told). Again: no-op. */
  async end(actorId: string, id: string): Promise<void> {
    const { db, clock, timeZone, games } = this.#deps;
    const ended = await db.transaction(async (tx) => {
      const repository = new SeriesRepository(tx);
      const series = await lockManaged(repository, id, actorId, false);
      if (series.status === 'ENDED') return undefined;
      await repository.update(id, { status: 'ENDED', updatedAt: clock.now() });
      return series;
    });
    if (!ended) return;
    const now = clock.now();
    // After the commit: no opening can add a game now, so the list below is complete.
    for (const { occursOn, gameId } of await new SeriesRepository(db).openedFrom(id, dateOf(localDay(now, timeZone)))) {
      const { startTime } = occurrenceTimes(dayOf(occursOn), ended.startMinutes, ended.durationMinutes, timeZone);
      if (startTime > now) await games.commands.cancel({ userId: actorId, roles: [] }, gameId);
    }
  }
}
