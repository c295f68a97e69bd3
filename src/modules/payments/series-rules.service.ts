import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import type { PayBy, ReleaseHours } from './payments.rules.ts';
import { presentRules } from './payments.presenter.ts';
import { SeriesRulesRepository } from './series-rules.repository.ts';

export interface PaymentRulesInput {
  payBy: PayBy;
  releaseUnpaidHoursBefore?: ReleaseHours | null;
}

/**
 * A series' money rules, for the series module (which checks who may, and knows its games): kept
 * here, and copied onto the series' games in the caller's transaction, so a game opened while the
 * rules change carries either the old rules or the new ones, never none. A game whose own rules
 * were set on it keeps them.
 */
export class SeriesPaymentRules {
  readonly #deps: { db: Database; clock: Clock };

  constructor(deps: { db: Database; clock: Clock }) {
    this.#deps = deps;
  }

  /** The series' rules (none set: AFTER, release off). */
  async rules(seriesId: string) {
    const rules = await new SeriesRulesRepository(this.#deps.db).rules(seriesId);
    return presentRules(rules ?? { payBy: 'AFTER', releaseUnpaidHoursBefore: null });
  }

  /** Replaces the series' rules as a whole, and copies them onto `upcomingGameIds` (the series' games not yet started). */
  async setRules(seriesId: string, input: PaymentRulesInput, upcomingGameIds: string[], executor: Executor) {
    const rules = { payBy: input.payBy, releaseUnpaidHoursBefore: input.releaseUnpaidHoursBefore ?? null };
    const repository = new SeriesRulesRepository(executor);
    const now = this.#deps.clock.now();
    await repository.save(seriesId, rules, now);
    await repository.copyOnto(seriesId, upcomingGameIds, rules, now);
    return presentRules(rules);
  }

  /** A game the series has just opened takes the series' rules, in the transaction that created it. */
  async gameOpened(seriesId: string, gameId: string, executor: Executor): Promise<void> {
    await new SeriesRulesRepository(executor).copyOntoNew(seriesId, gameId, this.#deps.clock.now());
  }
}
