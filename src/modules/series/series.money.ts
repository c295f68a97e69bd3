import { dateOf, dayOf, localDay } from '../../platform/local-time.ts';
import type { PaymentRulesInput } from '../payments/index.ts';
import { lockManaged, seriesNotFound } from './series.access.ts';
import { seriesEnded } from './series.errors.ts';
import type { SeriesDeps } from './series.ports.ts';
import { SeriesRepository } from './series.repository.ts';
import { occurrenceTimes } from './series.rules.ts';

/**
 * The series' money rules (organiser or co-host; anyone else: 404). The payments module keeps them;
 * the series knows who may change them and which of its games are still to come.
 */
export class SeriesMoney {
  readonly #deps: SeriesDeps;

  constructor(deps: SeriesDeps) {
    this.#deps = deps;
  }

  async rules(userId: string, id: string) {
    const repository = new SeriesRepository(this.#deps.db);
    const series = await repository.find(id);
    if (!series || (series.organizerId !== userId && !(await repository.isCoHost(id, userId)))) throw seriesNotFound();
    return this.#deps.payments.rules(id);
  }

  /**
   * Replaces the rules, and copies them onto the series' opened games still to come, under the
   * series' row lock: the opening takes the same lock, so a game opening meanwhile gets the rules
   * either here or from the opening, never neither.
   */
  async setRules(userId: string, id: string, input: PaymentRulesInput) {
    const { db, clock, timeZone, payments } = this.#deps;
    return db.transaction(async (tx) => {
      const repository = new SeriesRepository(tx);
      const series = await lockManaged(repository, id, userId, true);
      if (series.status === 'ENDED') throw seriesEnded();
      const now = clock.now();
      // Still to come by the series' time of day, as the end of a series judges its games.
      const opened = await repository.openedFrom(id, dateOf(localDay(now, timeZone)));
      const upcoming = opened.filter(({ occursOn }) => occurrenceTimes(dayOf(occursOn), series.startMinutes, series.durationMinutes, timeZone).startTime > now);
      return payments.setRules(
        id,
        input,
        upcoming.map((game) => game.gameId),
        tx,
      );
    });
  }
}
