import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { crossModuleId, generatedId, ownedBy, timestamptz } from '../../platform/db/columns.ts';
import { gameTemplateColumns } from '../games/index.ts';

/**
 * A recurring game: the game's fields (the template every new occurrence copies), its rule (weekdays
 * every `interval_weeks` weeks from `starts_on`, at `start_minutes` after local midnight in the app's
 * time zone) and its end (`ends_on` or `occurrence_count`, exactly one). Activity, venue, levels and
 * organiser belong to other modules and are never removed, so the references cannot dangle.
 */
export const gameSeries = pgTable(
  'game_series',
  {
    id: generatedId(),
    organizerId: crossModuleId('organizer_id'),
    ...gameTemplateColumns(),
    joinAsOrganizer: boolean('join_as_organizer').notNull().default(false),
    /** ISO weekdays, 1 (Monday) to 7 (Sunday). */
    weekdays: integer('weekdays').array().notNull(),
    startMinutes: integer('start_minutes').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    intervalWeeks: integer('interval_weeks').notNull().default(1),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    occurrenceCount: integer('occurrence_count'),
    openDaysAhead: integer('open_days_ahead').notNull(),
    status: text('status').$type<'ACTIVE' | 'ENDED'>().notNull().default('ACTIVE'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    check('game_series_end', sql`(${table.endsOn} IS NULL) <> (${table.occurrenceCount} IS NULL)`),
    check('game_series_open_days', sql`${table.openDaysAhead} BETWEEN 1 AND 28`),
    check('game_series_interval', sql`${table.intervalWeeks} BETWEEN 1 AND 8`),
    check('game_series_start_minutes', sql`${table.startMinutes} BETWEEN 0 AND 1439`),
    check('game_series_status', sql`${table.status} IN ('ACTIVE', 'ENDED')`),
    index('game_series_organizer_idx').on(table.organizerId),
    // The materialisation job walks the live series only.
    index('game_series_active_idx')
      .on(table.id)
      .where(sql`status = 'ACTIVE'`),
  ],
);

/**
 * One date of a series, once it has been settled: OPENED (its game exists), SKIPPED (it would have
 * overlapped another of the organiser's games) or CANCELLED (called off, before or after it opened).
 * The primary key is what makes each occurrence happen exactly once across instances.
 */
export const gameSeriesOccurrences = pgTable(
  'game_series_occurrences',
  {
    seriesId: ownedBy('series_id', () => gameSeries.id),
    occursOn: date('occurs_on', { mode: 'string' }).notNull(),
    state: text('state').$type<'OPENED' | 'SKIPPED' | 'CANCELLED'>().notNull(),
    /** The occurrence's game (another module's row); null when it never opened. */
    gameId: uuid('game_id'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.seriesId, table.occursOn] }),
    check('game_series_occurrences_state', sql`${table.state} IN ('OPENED', 'SKIPPED', 'CANCELLED')`),
    index('game_series_occurrences_game_idx').on(table.gameId),
  ],
);

/** Players joined to every new occurrence, in `seq` order (the order they became regulars). */
export const gameSeriesRegulars = pgTable(
  'game_series_regulars',
  {
    seriesId: ownedBy('series_id', () => gameSeries.id),
    userId: crossModuleId('user_id'),
    addedAt: timestamptz('added_at').notNull(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.seriesId, table.userId] }),
    index('game_series_regulars_user_idx').on(table.userId),
    index('game_series_regulars_seq_idx').on(table.seriesId, table.seq),
  ],
);

/** A regular sits this date out: the materialisation does not join them. */
export const gameSeriesSkips = pgTable(
  'game_series_skips',
  {
    seriesId: ownedBy('series_id', () => gameSeries.id),
    occursOn: date('occurs_on', { mode: 'string' }).notNull(),
    userId: crossModuleId('user_id'),
  },
  (table) => [primaryKey({ columns: [table.seriesId, table.occursOn, table.userId] })],
);

/** The series' co-hosts (at most five), copied to each occurrence as it opens. */
export const gameSeriesCoHosts = pgTable(
  'game_series_co_hosts',
  {
    seriesId: ownedBy('series_id', () => gameSeries.id),
    userId: crossModuleId('user_id'),
    addedAt: timestamptz('added_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.seriesId, table.userId] }), index('game_series_co_hosts_user_idx').on(table.userId)],
);
