import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { crossModuleId, generatedId, timestamptz } from '../../platform/db/columns.ts';
import { oncePerGameAndUser } from '../../platform/db/once-tables.ts';
import type { PayBy, PaymentState, ReleaseHours } from './payments.rules.ts';

/** An organiser's PayNow proxy, sealed (payments.sealing.ts): the database never holds it in clear. */
export const paymentPayees = pgTable(
  'payment_payees',
  {
    userId: uuid('user_id').primaryKey(),
    proxyType: text('proxy_type').$type<'MOBILE' | 'UEN'>().notNull(),
    proxySealed: text('proxy_sealed').notNull(),
    displayName: text('display_name').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [check('payment_payees_proxy_type', sql`${table.proxyType} IN ('MOBILE', 'UEN')`)],
);

/** What one place (a player's own, or one of their guests': place 1–3) owes a game's organiser. */
export const paymentEntries = pgTable(
  'payment_entries',
  {
    id: generatedId(),
    gameId: crossModuleId('game_id'),
    organizerId: crossModuleId('organizer_id'),
    userId: crossModuleId('user_id'),
    place: smallint('place').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    state: text('state').$type<PaymentState>().notNull(),
    reference: text('reference'),
    /** Who made the latest change (null: the service, following the roster); the history trigger records it. */
    changedBy: uuid('changed_by'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique('payment_entries_place').on(table.gameId, table.userId, table.place),
    check('payment_entries_place_range', sql`${table.place} BETWEEN 0 AND 3`),
    check('payment_entries_amount', sql`${table.amountCents} >= 0`),
    check('payment_entries_state', sql`${table.state} IN ('DUE', 'CLAIMED', 'PAID', 'WAIVED', 'NOT_RECEIVED', 'REFUND_DUE', 'REFUNDED', 'CANCELLED')`),
    index('payment_entries_user_idx').on(table.userId, table.state),
    index('payment_entries_organizer_idx').on(table.organizerId, table.state),
  ],
);

/** Every change of an entry's state, written by the payment_entries_history trigger. */
export const paymentHistory = pgTable(
  'payment_history',
  {
    id: generatedId(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => paymentEntries.id, { onDelete: 'cascade' }),
    fromState: text('from_state').$type<PaymentState>(),
    toState: text('to_state').$type<PaymentState>().notNull(),
    actorId: uuid('actor_id'),
    at: timestamptz('at').notNull(),
  },
  (table) => [index('payment_history_entry_idx').on(table.entryId, table.at)],
);

/** One row per payment reminder sent: "one reminder per player and game" across instances. */
export const paymentReminders = oncePerGameAndUser('payment_reminders');

/** One row per game and deadline whose unpaid places were released: "once" across instances, and nobody who got a place later is taken. */
export const paymentReleases = pgTable(
  'payment_releases',
  {
    gameId: crossModuleId('game_id'),
    deadline: timestamptz('deadline').notNull(),
    releasedAt: timestamptz('released_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.deadline] }), index('payment_releases_released_idx').on(table.releasedAt)],
);

/** One row per organiser and day (APP_TIME_ZONE's calendar) a summary went out: never two in a day. */
export const paymentSummaries = pgTable(
  'payment_summaries',
  {
    organizerId: crossModuleId('organizer_id'),
    day: date('day', { mode: 'string' }).notNull(),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizerId, table.day] }), index('payment_summaries_sent_idx').on(table.sentAt)],
);

/** The organiser's rules for a game: players pay BEFORE or AFTER it (no row: AFTER); and whether an unpaid place is released (hours before the start; null: never). */
export const paymentRules = pgTable(
  'payment_rules',
  {
    gameId: uuid('game_id').primaryKey(),
    payBy: text('pay_by').$type<PayBy>().notNull(),
    releaseUnpaidHoursBefore: integer('release_unpaid_hours_before').$type<ReleaseHours>(),
    /** The series whose rules these are (a change of them replaces these); null: set on the game itself, and they win. */
    seriesId: uuid('series_id'),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    check('payment_rules_pay_by', sql`${table.payBy} IN ('BEFORE', 'AFTER')`),
    check('payment_rules_release_hours', sql`${table.releaseUnpaidHoursBefore} IS NULL OR ${table.releaseUnpaidHoursBefore} IN (2, 6, 12, 24, 48, 72)`),
  ],
);

/** The organiser's rules for a series (no row: AFTER, release off): copied onto each game it opens, and onto its games still to come when set. */
export const seriesPaymentRules = pgTable(
  'series_payment_rules',
  {
    seriesId: crossModuleId('series_id').primaryKey(),
    payBy: text('pay_by').$type<PayBy>().notNull(),
    releaseUnpaidHoursBefore: integer('release_unpaid_hours_before').$type<ReleaseHours>(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    check('series_payment_rules_pay_by', sql`${table.payBy} IN ('BEFORE', 'AFTER')`),
    check('series_payment_rules_release_hours', sql`${table.releaseUnpaidHoursBefore} IS NULL OR ${table.releaseUnpaidHoursBefore} IN (2, 6, 12, 24, 48, 72)`),
  ],
);
