import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import { arrayParam, inAny, Repository } from '../../platform/db/index.ts';
import type { HostMove, PayBy, PaymentState, ReleaseHours } from './payments.rules.ts';

/** The game's rules as stored (no row: AFTER, release off). */
export interface Rules {
  payBy: PayBy;
  releaseUnpaidHoursBefore: ReleaseHours | null;
}
/** Where a game's rules came from: none set, set on the game, or copied from its series. */
export type RulesSource = 'DEFAULT' | 'GAME' | 'SERIES';
import { paymentEntries, paymentPayees, paymentReleases, paymentReminders, paymentRules, paymentSummaries } from './payments.table.ts';

export type EntryRow = typeof paymentEntries.$inferSelect;
export type PayeeRow = typeof paymentPayees.$inferSelect;

/** The game's places as the roster holds them now, and what each owes. */
export interface RosterPlaces {
  gameId: string;
  organizerId: string;
  amountCents: number;
  currency: string;
  /** Every (player, place) holding a place; empty when the game is cancelled or free. */
  places: Array<{ userId: string; place: number }>;
  now: Date;
}

const iso = (date: Date) => date.toISOString();

export class PaymentsRepository extends Repository {
  /**
   * Brings the entries in line with the roster in two statements, each atomic per row: a place
   * taken gets DUE (again, when it was given up: a refund due becomes paid again), and a place no
   * longer held owes nothing (CANCELLED), or is owed back when money was paid or said to be (REFUND_DUE).
   */
  async follow(roster: RosterPlaces): Promise<void> {
    const { gameId, organizerId, amountCents, currency, places, now } = roster;
    const users = arrayParam(
      places.map((place) => place.userId),
      'uuid',
    );
    const numbers = arrayParam(
      places.map((place) => String(place.place)),
      'text',
    );
    if (places.length > 0) {
      await this.db.execute(sql`
        INSERT INTO payment_entries (game_id, organizer_id, user_id, place, amount_cents, currency, state, changed_by, updated_at)
        SELECT ${gameId}::uuid, ${organizerId}::uuid, t.user_id, t.place::smallint, ${amountCents}::int, ${currency}::text, 'DUE', NULL::uuid, ${iso(now)}::timestamptz
        FROM unnest(${users}, ${numbers}) AS t(user_id, place)
        ON CONFLICT (game_id, user_id, place) DO UPDATE
        SET state = CASE WHEN payment_entries.state = 'REFUND_DUE' THEN 'PAID' ELSE 'DUE' END,
            amount_cents = CASE WHEN payment_entries.state = 'REFUND_DUE' THEN payment_entries.amount_cents ELSE EXCLUDED.amount_cents END,
            changed_by = NULL, updated_at = EXCLUDED.updated_at
        WHERE payment_entries.state IN ('CANCELLED', 'REFUND_DUE', 'REFUNDED')`);
      // A new price reaches what is still owed, never what was settled.
      await this.db.execute(sql`
        UPDATE payment_entries SET amount_cents = ${amountCents}::int, currency = ${currency}::text
        WHERE game_id = ${gameId}::uuid AND state IN ('DUE', 'NOT_RECEIVED') AND (amount_cents <> ${amountCents}::int OR currency <> ${currency}::text)`);
    }
    await this.db.execute(sql`
      UPDATE payment_entries e
      SET state = CASE WHEN e.state IN ('PAID', 'CLAIMED') THEN 'REFUND_DUE' ELSE 'CANCELLED' END, changed_by = NULL, updated_at = ${iso(now)}::timestamptz
      WHERE e.game_id = ${gameId}::uuid AND e.state IN ('DUE', 'CLAIMED', 'NOT_RECEIVED', 'PAID')
        AND NOT EXISTS (SELECT 1 FROM unnest(${users}, ${numbers}) AS t(user_id, place) WHERE t.user_id = e.user_id AND t.place::smallint = e.place)`);
  }

  entriesOfGame(gameId: string): Promise<EntryRow[]> {
    return this.db.select().from(paymentEntries).where(eq(paymentEntries.gameId, gameId)).orderBy(asc(paymentEntries.userId), asc(paymentEntries.place));
  }

  entriesOfPlayer(gameId: string, userId: string): Promise<EntryRow[]> {
    return this.db
      .select()
      .from(paymentEntries)
      .where(and(eq(paymentEntries.gameId, gameId), eq(paymentEntries.userId, userId)))
      .orderBy(asc(paymentEntries.place));
  }

  /** The player's "I've paid": every place still owed, at once. */
  async claim(gameId: string, userId: string, reference: string | null, now: Date): Promise<number> {
    const changed = await this.db
      .update(paymentEntries)
      .set({ state: 'CLAIMED', reference, changedBy: userId, updatedAt: now })
      .where(and(eq(paymentEntries.gameId, gameId), eq(paymentEntries.userId, userId), inAny(paymentEntries.state, ['DUE', 'NOT_RECEIVED'], 'text')))
      .returning({ id: paymentEntries.id });
    return changed.length;
  }

  /** A host's move, only from the states it may come from (the row as it is when locked decides). */
  async move(gameId: string, entryId: string, to: HostMove, from: readonly PaymentState[], actorId: string, now: Date): Promise<EntryRow | undefined> {
    const [row] = await this.db
      .update(paymentEntries)
      .set({ state: to, changedBy: actorId, updatedAt: now })
      .where(and(eq(paymentEntries.id, entryId), eq(paymentEntries.gameId, gameId), inAny(paymentEntries.state, [...from], 'text')))
      .returning();
    return row;
  }

  /** `lock`: held until the transaction ends, so the state read is the one a move replaces. */
  findEntry(gameId: string, entryId: string, lock?: 'update'): Promise<EntryRow | undefined> {
    return this.first(paymentEntries, and(eq(paymentEntries.id, entryId), eq(paymentEntries.gameId, gameId)), lock);
  }

  /** Entries of the player's, or owed to the organiser, still open (anything but settled or cancelled). */
  openEntries(side: 'player' | 'organizer', userId: string, limit: number): Promise<EntryRow[]> {
    const column = side === 'player' ? paymentEntries.userId : paymentEntries.organizerId;
    return this.db
      .select()
      .from(paymentEntries)
      .where(and(eq(column, userId), inAny(paymentEntries.state, ['DUE', 'CLAIMED', 'NOT_RECEIVED', 'REFUND_DUE'], 'text')))
      .orderBy(asc(paymentEntries.updatedAt))
      .limit(limit);
  }

  async savePayee(row: PayeeRow): Promise<void> {
    await this.db
      .insert(paymentPayees)
      .values(row)
      .onConflictDoUpdate({
        target: paymentPayees.userId,
        set: { proxyType: row.proxyType, proxySealed: row.proxySealed, displayName: row.displayName, updatedAt: row.updatedAt },
      });
  }

  findPayee(userId: string): Promise<PayeeRow | undefined> {
    return this.first(paymentPayees, eq(paymentPayees.userId, userId));
  }

  async deletePayee(userId: string): Promise<void> {
    await this.db.delete(paymentPayees).where(eq(paymentPayees.userId, userId));
  }

  async deleteForGame(gameId: string): Promise<void> {
    await this.db.delete(paymentEntries).where(eq(paymentEntries.gameId, gameId));
    await this.db.delete(paymentReminders).where(eq(paymentReminders.gameId, gameId));
    await this.db.delete(paymentRules).where(eq(paymentRules.gameId, gameId));
    await this.db.delete(paymentReleases).where(eq(paymentReleases.gameId, gameId));
  }

  async rules(gameId: string): Promise<Rules & { source: RulesSource }> {
    const row = await this.first(paymentRules, eq(paymentRules.gameId, gameId));
    const source = !row ? 'DEFAULT' : row.seriesId ? 'SERIES' : 'GAME';
    return { payBy: row?.payBy ?? 'AFTER', releaseUnpaidHoursBefore: row?.releaseUnpaidHoursBefore ?? null, source };
  }

  /** Of these games, the ones releasing unpaid places: how many hours before the start, and when the rule was saved. */
  async releasing(gameIds: string[]): Promise<Array<{ gameId: string; hours: number; savedAt: Date }>> {
    if (gameIds.length === 0) return [];
    const rows = await this.db
      .select({ gameId: paymentRules.gameId, hours: paymentRules.releaseUnpaidHoursBefore, savedAt: paymentRules.updatedAt })
      .from(paymentRules)
      .where(and(inAny(paymentRules.gameId, gameIds, 'uuid'), sql`${paymentRules.releaseUnpaidHoursBefore} IS NOT NULL`));
    return rows.map((row) => ({ gameId: row.gameId, hours: row.hours!, savedAt: row.savedAt }));
  }

  /** Claims the game's release at this deadline: false when another run already made it. */
  async recordRelease(gameId: string, deadline: Date, now: Date): Promise<boolean> {
    return (await this.insertedIfNew(paymentReleases, { gameId, deadline, releasedAt: now })) !== undefined;
  }

  async purgeReleases(releasedBefore: Date): Promise<number> {
    return (await this.db.delete(paymentReleases).where(lt(paymentReleases.releasedAt, releasedBefore)).returning({ id: paymentReleases.gameId })).length;
  }

  /**
   * The release's claim: the player's places still DUE become CANCELLED, only while none of theirs
   * is CLAIMED, PAID or WAIVED. A conditional update, so a claim racing it, or a second instance,
   * finds nothing to change (the row lock orders them). Answers whether anything changed.
   */
  async releaseDue(gameId: string, userId: string, now: Date): Promise<boolean> {
    const changed = await this.db.execute(sql`
      UPDATE payment_entries e SET state = 'CANCELLED', changed_by = NULL, updated_at = ${iso(now)}::timestamptz
      WHERE e.game_id = ${gameId}::uuid AND e.user_id = ${userId}::uuid AND e.state = 'DUE'
        AND NOT EXISTS (SELECT 1 FROM payment_entries k WHERE k.game_id = e.game_id AND k.user_id = e.user_id AND k.state IN ('CLAIMED', 'PAID', 'WAIVED'))
      RETURNING e.id`);
    return (changed as { rows: unknown[] }).rows.length > 0;
  }

  /** The players of the game with a place still DUE. */
  async dueUsers(gameId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ userId: paymentEntries.userId })
      .from(paymentEntries)
      .where(and(eq(paymentEntries.gameId, gameId), eq(paymentEntries.state, 'DUE')))
      .orderBy(asc(paymentEntries.userId));
    return rows.map((row) => row.userId);
  }

  /** Of these games, the ones whose players pay before. */
  async payingBefore(gameIds: string[]): Promise<Set<string>> {
    if (gameIds.length === 0) return new Set();
    const rows = await this.db
      .select({ gameId: paymentRules.gameId })
      .from(paymentRules)
      .where(and(inAny(paymentRules.gameId, gameIds, 'uuid'), eq(paymentRules.payBy, 'BEFORE')));
    return new Set(rows.map((row) => row.gameId));
  }

  /** Rules set on the game itself: from now on a change of its series' rules leaves them alone. */
  async saveRules(gameId: string, rules: Rules, now: Date): Promise<void> {
    await this.db
      .insert(paymentRules)
      .values({ gameId, ...rules, seriesId: null, updatedAt: now })
      .onConflictDoUpdate({ target: paymentRules.gameId, set: { ...rules, seriesId: null, updatedAt: now } });
  }

  /** The user's reminder and summary rows go with their account. */
  async forgetReminders(userId: string): Promise<void> {
    await this.db.delete(paymentReminders).where(eq(paymentReminders.userId, userId));
    await this.db.delete(paymentSummaries).where(eq(paymentSummaries.organizerId, userId));
  }

  /** The players of the game who still owe, and how much, not yet reminded. */
  owingUnreminded(gameId: string): Promise<Array<{ userId: string; cents: number; currency: string }>> {
    return this.db
      .select({
        userId: paymentEntries.userId,
        cents: sql<number>`sum(${paymentEntries.amountCents})::int`,
        currency: sql<string>`min(${paymentEntries.currency})`,
      })
      .from(paymentEntries)
      .where(
        and(
          eq(paymentEntries.gameId, gameId),
          inAny(paymentEntries.state, ['DUE', 'NOT_RECEIVED'], 'text'),
          sql`NOT EXISTS (SELECT 1 FROM payment_reminders r WHERE r.game_id = ${paymentEntries.gameId} AND r.user_id = ${paymentEntries.userId})`,
        ),
      )
      .groupBy(paymentEntries.userId)
      .orderBy(asc(paymentEntries.userId));
  }

  /** Claims the reminder rows; only the users whose row this call inserted are to be reminded. */
  async recordReminders(gameId: string, userIds: string[], now: Date): Promise<string[]> {
    const rows = await this.insertedNew(
      paymentReminders,
      userIds.map((userId) => ({ gameId, userId, sentAt: now })),
    );
    return rows.map((row) => row.userId);
  }

  /**
   * Open entries of organisers not yet summarised on `day`: claims to confirm and refunds due in any
   * game, and what is still owed in the games that have started (`started`), oldest change first.
   */
  openForSummary(day: string, started: string[]): Promise<Array<Pick<EntryRow, 'organizerId' | 'gameId' | 'state' | 'amountCents' | 'currency'>>> {
    return this.db
      .select({
        organizerId: paymentEntries.organizerId,
        gameId: paymentEntries.gameId,
        state: paymentEntries.state,
        amountCents: paymentEntries.amountCents,
        currency: paymentEntries.currency,
      })
      .from(paymentEntries)
      .where(
        and(
          or(
            inAny(paymentEntries.state, ['CLAIMED', 'REFUND_DUE'], 'text'),
            and(inAny(paymentEntries.state, ['DUE', 'NOT_RECEIVED'], 'text'), inAny(paymentEntries.gameId, started, 'uuid')),
          ),
          sql`NOT EXISTS (SELECT 1 FROM payment_summaries s WHERE s.organizer_id = ${paymentEntries.organizerId} AND s.day = ${day}::date)`,
        ),
      )
      .orderBy(asc(paymentEntries.updatedAt), asc(paymentEntries.id));
  }

  /** Claims the organiser's summary of the day: false when another run already sent it. */
  async recordSummary(organizerId: string, day: string, now: Date): Promise<boolean> {
    return (await this.insertedIfNew(paymentSummaries, { organizerId, day, sentAt: now })) !== undefined;
  }

  /** Reminder and summary rows older than the reminders look back: no run asks about them again. */
  async purgeReminders(sentBefore: Date): Promise<number> {
    const reminders = await this.db.delete(paymentReminders).where(lt(paymentReminders.sentAt, sentBefore)).returning({ id: paymentReminders.gameId });
    const summaries = await this.db.delete(paymentSummaries).where(lt(paymentSummaries.sentAt, sentBefore)).returning({ id: paymentSummaries.day });
    return reminders.length + summaries.length;
  }
}
