import { eq, sql } from 'drizzle-orm';
import { Repository } from '../../platform/db/index.ts';
import type { Rules } from './payments.repository.ts';
import { paymentRules, seriesPaymentRules } from './payments.table.ts';

/** A series' rules and their copies on its games. */
export class SeriesRulesRepository extends Repository {
  /** The series' rules, or undefined when its organiser never set any. */
  async rules(seriesId: string): Promise<Rules | undefined> {
    const row = await this.first(seriesPaymentRules, eq(seriesPaymentRules.seriesId, seriesId));
    return row && { payBy: row.payBy, releaseUnpaidHoursBefore: row.releaseUnpaidHoursBefore };
  }

  async save(seriesId: string, rules: Rules, now: Date): Promise<void> {
    await this.db
      .insert(seriesPaymentRules)
      .values({ seriesId, ...rules, updatedAt: now })
      .onConflictDoUpdate({ target: seriesPaymentRules.seriesId, set: { ...rules, updatedAt: now } });
  }

  /**
   * The rules copied onto these games of the series, except a game whose own rules were set on it
   * (series_id NULL): the conflict's condition decides, row by row, so a host's change of that game
   * racing this one is never overwritten.
   */
  async copyOnto(seriesId: string, gameIds: string[], rules: Rules, now: Date): Promise<void> {
    if (gameIds.length === 0) return;
    await this.db
      .insert(paymentRules)
      .values(gameIds.map((gameId) => ({ gameId, ...rules, seriesId, updatedAt: now })))
      .onConflictDoUpdate({ target: paymentRules.gameId, set: { ...rules, seriesId, updatedAt: now }, setWhere: sql`${paymentRules.seriesId} IS NOT NULL` });
  }

  /** A game the series just opened takes the series' rules, if it has any (a new game has none of its own). */
  async copyOntoNew(seriesId: string, gameId: string, now: Date): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO payment_rules (game_id, pay_by, release_unpaid_hours_before, series_id, updated_at)
      SELECT ${gameId}::uuid, pay_by, release_unpaid_hours_before, series_id, ${now.toISOString()}::timestamptz
      FROM series_payment_rules WHERE series_id = ${seriesId}::uuid
      ON CONFLICT (game_id) DO NOTHING`);
  }
}
