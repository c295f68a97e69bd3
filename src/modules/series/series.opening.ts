import { dateOf, localDay } from '../../platform/local-time.ts';
import type { OccurrenceSpec } from '../games/index.ts';
import type { SeriesDeps } from './series.ports.ts';
import { SeriesRepository, type SeriesRow } from './series.repository.ts';
import { occurrenceTimes, seriesDays } from './series.rules.ts';

/** The game an occurrence opens as: the series' template at the date's local time. */
function valuesFor(series: SeriesRow, times: { startTime: Date; endTime: Date }): OccurrenceSpec['values'] {
  return {
    activityId: series.activityId,
    organizerId: series.organizerId,
    venueId: series.venueId,
    skillLevelFromId: series.skillLevelFromId,
    skillLevelToId: series.skillLevelToId,
    title: series.title,
    description: series.description,
    currency: series.currency,
    price: series.price,
    slots: series.slots,
    visibility: series.visibility,
    gameType: series.gameType,
    minPlayers: series.minPlayers,
    decisionHoursBefore: series.decisionHoursBefore,
    joinPolicy: series.joinPolicy,
    offLevelPolicy: series.offLevelPolicy,
    maxGuestsPerPlayer: series.maxGuestsPerPlayer,
    waitlistMode: series.waitlistMode,
    selfCheckIn: series.selfCheckIn,
    maxRecentNoShows: series.maxRecentNoShows,
    ...times,
  };
}

/**
 * The materialisation (the `series-occurrences` job, and right after a series is created): each
 * date within its series' horizon opens as a game exactly once. The date's row is claimed in the
 * game's own transaction, so a second run or instance finds it taken and does nothing.
 */
export class SeriesOpening {
  readonly #deps: SeriesDeps;

  constructor(deps: SeriesDeps) {
    this.#deps = deps;
  }

  async openDue(): Promise<number> {
    let settled = 0;
    for (const id of await new SeriesRepository(this.#deps.db).activeIds()) settled += await this.openSeries(id);
    return settled;
  }

  /** The dates from today to `openDaysAhead` days ahead, not yet settled and not yet started. */
  async openSeries(id: string): Promise<number> {
    const { db, clock, timeZone } = this.#deps;
    const repository = new SeriesRepository(db);
    const series = await repository.find(id);
    if (!series || series.status !== 'ACTIVE') return 0;
    const now = clock.now();
    const settled = new Set((await repository.occurrences(id)).map((row) => row.occursOn));
    const due = seriesDays(series, localDay(now, timeZone) + series.openDaysAhead).filter(
      (day) => !settled.has(dateOf(day)) && occurrenceTimes(day, series.startMinutes, series.durationMinutes, timeZone).startTime > now,
    );
    let opened = 0;
    // One transaction per date: a failure keeps the dates already opened, and the rest go next run.
    for (const day of due) opened += await this.#openOne(id, day);
    return opened;
  }

  async #openOne(id: string, day: number): Promise<number> {
    const { db, clock, timeZone, games, events, payments } = this.#deps;
    return db.transaction(async (tx) => {
      const repository = new SeriesRepository(tx);
      // The row lock orders this against an edit or the end of the series.
      const series = await repository.lock(id);
      if (!series || series.status !== 'ACTIVE') return 0;
      const now = clock.now();
      const occursOn = dateOf(day);
      if (!(await repository.claim({ seriesId: id, occursOn, state: 'OPENED', createdAt: now }))) return 0;
      const times = occurrenceTimes(day, series.startMinutes, series.durationMinutes, timeZone);
      const skipping = await repository.skippers(id, occursOn);
      const playerIds = (await repository.regulars(id)).map((row) => row.userId).filter((userId) => !skipping.has(userId));
      const coHostIds = (await repository.coHosts(id)).map((row) => row.userId);
      const spec = { values: valuesFor(series, times), joinAsOrganizer: series.joinAsOrganizer, coHostIds, playerIds };
      const outcome = await games.occurrences.open(spec, now, tx);
      if ('gameId' in outcome) {
        await repository.settle(id, occursOn, { state: 'OPENED', gameId: outcome.gameId });
        await payments.gameOpened(id, outcome.gameId, tx);
        return 1;
      }
      await repository.settle(id, occursOn, { state: 'SKIPPED' });
      await events.emit({ type: 'SERIES_OCCURRENCE_SKIPPED', gameId: outcome.overlapsGameId, recipients: [series.organizerId], title: series.title }, tx);
      return 1;
    });
  }
}
