import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { crossModuleId } from '../../platform/db/columns.ts';

/**
 * Whether a player of a game came. game_start is the game's start when it was marked: the 90-day
 * record counts by it, so reading a record needs no other module's table. Removed with the game.
 */
export const gameAttendance = pgTable(
  'game_attendance',
  {
    gameId: crossModuleId('game_id'),
    userId: crossModuleId('user_id'),
    status: text('status').$type<'ATTENDED' | 'NO_SHOW'>().notNull(),
    gameStart: timestamp('game_start', { withTimezone: true, mode: 'date' }).notNull(),
    /** The host who marked the player, or the player who checked in. */
    markedBy: crossModuleId('marked_by'),
    markedAt: timestamp('marked_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A player's dispute of a NO_SHOW: OPEN (does not count), UPHELD (counts) or DISMISSED (no mark). */
    dispute: text('dispute').$type<'OPEN' | 'UPHELD' | 'DISMISSED'>(),
    disputedAt: timestamp('disputed_at', { withTimezone: true, mode: 'date' }),
    disputeReason: text('dispute_reason'),
    /** The admin who upheld or dismissed it. */
    disputeSettledBy: uuid('dispute_settled_by'),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.userId] }),
    check('game_attendance_status', sql`${table.status} IN ('ATTENDED', 'NO_SHOW')`),
    index('game_attendance_user_start_idx').on(table.userId, table.gameStart),
    check('game_attendance_dispute', sql`${table.dispute} IS NULL OR ${table.dispute} IN ('OPEN', 'UPHELD', 'DISMISSED')`),
    check('game_attendance_dispute_reason_length', sql`${table.disputeReason} IS NULL OR char_length(${table.disputeReason}) <= 500`),
    index('game_attendance_open_disputes_idx')
      .on(table.disputedAt)
      .where(sql`${table.dispute} = 'OPEN'`),
  ],
);

/** A player's private rating of a game they attended: one per player and game, seen only by its hosts. */
export const gameRatings = pgTable(
  'game_ratings',
  {
    gameId: crossModuleId('game_id'),
    userId: crossModuleId('user_id'),
    score: integer('score').notNull(),
    note: text('note'),
    ratedAt: timestamp('rated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.userId] }),
    check('game_ratings_score', sql`${table.score} BETWEEN 1 AND 5`),
    check('game_ratings_note_length', sql`${table.note} IS NULL OR char_length(${table.note}) <= 500`),
  ],
);
