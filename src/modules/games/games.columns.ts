import { boolean, integer, numeric, text, varchar } from 'drizzle-orm/pg-core';
import { crossModuleId } from '../../platform/db/columns.ts';

/**
 * What a game is made of, as its organiser describes it: the games table's own columns, and the
 * template a recurring series keeps and copies to each new occurrence (so the two cannot drift).
 * Activity, venue and level ids belong to other modules, which never remove those rows.
 */
export const gameTemplateColumns = () => ({
  activityId: crossModuleId('activity_id'),
  venueId: crossModuleId('venue_id'),
  skillLevelFromId: crossModuleId('skill_level_from_id'),
  skillLevelToId: crossModuleId('skill_level_to_id'),
  title: text('title'),
  description: text('description'),
  currency: varchar('currency', { length: 3 }).notNull(),
  price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  slots: integer('slots').notNull(),
  visibility: text('visibility').$type<'PUBLIC' | 'PRIVATE'>().notNull(),
  gameType: text('game_type').$type<'SINGLE' | 'DOUBLE'>().notNull(),
  /** The quorum: with it set, the decision job confirms or cancels the game decision_hours_before its start. */
  minPlayers: integer('min_players'),
  decisionHoursBefore: integer('decision_hours_before').notNull().default(3),
  /** APPROVAL: a join is a request the organiser or a co-host approves. */
  joinPolicy: text('join_policy').$type<'OPEN' | 'APPROVAL'>().notNull().default('OPEN'),
  /** What a player whose level lies outside the game's range may do: join, request, or nothing. */
  offLevelPolicy: text('off_level_policy').$type<'ALLOW' | 'REQUEST' | 'REFUSE'>().notNull().default('ALLOW'),
  /** How many guests each player may bring; each guest takes a place. */
  maxGuestsPerPlayer: integer('max_guests_per_player').notNull().default(0),
  /** AUTO: a freed place goes to the waitlist at once; OFFER: it is offered, and held while the offer runs. */
  waitlistMode: text('waitlist_mode').$type<'AUTO' | 'OFFER'>().notNull().default('AUTO'),
  /** Players may check themselves in around the start (attendance). */
  selfCheckIn: boolean('self_check_in').notNull().default(false),
  /** Joins are refused to players with at least this many no-shows in 90 days; null: never. */
  maxRecentNoShows: integer('max_recent_no_shows'),
});
