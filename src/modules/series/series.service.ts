import { conflict, validationFailed } from '../../platform/http/errors.ts';
import { offsetPage, type OffsetRequest } from '../../platform/http/pagination.ts';
import { dateOf, localDay } from '../../platform/local-time.ts';
import { rolesIn, visibleSeries } from './series.access.ts';
import { SeriesOpening } from './series.opening.ts';
import type { SeriesDeps } from './series.ports.ts';
import { presentSeries, type PresentedSeries } from './series.presenter.ts';
import { SeriesRepository } from './series.repository.ts';
import { minutesOf, occurrenceTimes, ruleErrors, seriesDays } from './series.rules.ts';
import type { CreateSeriesInput } from './series.schemas.ts';

/** A new series' template, defaults filled in, from what the organiser gave. */
function seriesValues(organizerId: string, input: CreateSeriesInput) {
  return {
    organizerId,
    activityId: input.activityId,
    venueId: input.venueId,
    skillLevelFromId: input.skillLevelFromId,
    skillLevelToId: input.skillLevelToId,
    title: input.title?.trim() || null,
    description: input.description?.trim() || null,
    currency: input.currency,
    price: input.price,
    slots: input.slots,
    visibility: input.visibility,
    gameType: input.gameType,
    minPlayers: input.minPlayers ?? null,
    decisionHoursBefore: input.decisionHoursBefore ?? 3,
    joinPolicy: input.joinPolicy ?? 'OPEN',
    offLevelPolicy: input.offLevelPolicy ?? 'ALLOW',
    // Absent: the column's default, which is the game's (one declaration, games.columns.ts).
    maxGuestsPerPlayer: input.maxGuestsPerPlayer,
    waitlistMode: input.waitlistMode,
    selfCheckIn: input.selfCheckIn,
    maxRecentNoShows: input.maxRecentNoShows,
    joinAsOrganizer: input.joinAsOrganizer ?? false,
    startMinutes: minutesOf(input.startTime),
    durationMinutes: input.durationMinutes,
    openDaysAhead: input.openDaysAhead ?? 7,
  };
}

/** Creating a series and reading it: the series, the list of one's series and its dates. */
export class SeriesService {
  readonly #deps: SeriesDeps;

  constructor(deps: SeriesDeps) {
    this.#deps = deps;
  }

  async create(organizerId: string, input: CreateSeriesInput): Promise<PresentedSeries> {
    const { db, clock, timeZone, games, profiles } = this.#deps;
    if (!(await profiles.hasCompletedOnboarding(organizerId))) {
      throw conflict('onboarding_required', 'Complete onboarding (POST /api/v1/me) before hosting a series.');
    }
    const now = clock.now();
    const rule = {
      weekdays: input.weekdays,
      intervalWeeks: input.intervalWeeks ?? 1,
      startsOn: input.startsOn,
      endsOn: input.endsOn ?? null,
      occurrenceCount: input.occurrenceCount ?? null,
    };
    const errors = ruleErrors(rule, localDay(now, timeZone));
    if (input.minPlayers !== undefined && input.minPlayers > input.slots)
      errors.push({ field: 'minPlayers', location: 'body', message: 'must not exceed slots' });
    if (errors.length) throw validationFailed(errors);
    await games.commands.checkReferences(input.activityId, input.venueId, input.skillLevelFromId, input.skillLevelToId);
    const row = await new SeriesRepository(db).insert({ ...seriesValues(organizerId, input), ...rule, createdAt: now, updatedAt: now });
    // The dates already within the horizon open now rather than at the job's next round.
    await new SeriesOpening(this.#deps).openSeries(row.id);
    return this.get(row.id, organizerId);
  }

  async get(id: string, viewerId: string): Promise<PresentedSeries> {
    const { series, roles } = await visibleSeries(new SeriesRepository(this.#deps.db), id, viewerId);
    return presentSeries(series, roles, this.#deps.timeZone);
  }

  /** The series the caller runs, co-hosts or plays in as a regular, newest first. */
  async page(userId: string, page: OffsetRequest) {
    const repository = new SeriesRepository(this.#deps.db);
    const { rows, total } = await repository.pageFor(userId, page.size, page.page * page.size);
    const roles = await rolesIn(repository, rows, userId);
    const content: PresentedSeries[] = rows.map((row) => presentSeries(row, roles.get(row.id)!, this.#deps.timeZone));
    return offsetPage(content, total, page);
  }

  /** Every date of the series in order, with what became of it (PENDING until it opens). */
  async occurrences(id: string, viewerId: string, page: OffsetRequest) {
    const repository = new SeriesRepository(this.#deps.db);
    const { series } = await visibleSeries(repository, id, viewerId);
    const settled = new Map((await repository.occurrences(id)).map((row) => [row.occursOn, row]));
    const skips = await repository.skipsOf(id, viewerId);
    const days = seriesDays(series);
    const content = days.slice(page.page * page.size, (page.page + 1) * page.size).map((day) => {
      const date = dateOf(day);
      const row = settled.get(date);
      const { startTime } = occurrenceTimes(day, series.startMinutes, series.durationMinutes, this.#deps.timeZone);
      return { date, startTime: startTime.toISOString(), state: row?.state ?? ('PENDING' as const), gameId: row?.gameId ?? null, skipping: skips.has(date) };
    });
    return offsetPage(content, days.length, page);
  }
}
