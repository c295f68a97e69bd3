import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { generatedId, timestamps, timestamptz } from '../../platform/db/columns.ts';

/**
 * A game. activity, level, venue and organiser ids belong to other modules; none of those rows is
 * ever removed (they are soft-deleted or retired), so the references cannot dangle.
 * players_joined / waitlisted count the participants rows; they change only under the game's row
 * lock, and the checks stop any write that would overfill the game whatever the code above does.
 */
export const games = pgTable(
  'games',
  {
    id: generatedId(),
    activityId: uuid('activity_id').notNull(),
    organizerId: uuid('organizer_id').notNull(),
    venueId: uuid('venue_id').notNull(),
    skillLevelFromId: uuid('skill_level_from_id').notNull(),
    skillLevelToId: uuid('skill_level_to_id').notNull(),
    title: text('title'),
    description: text('description'),
    currency: varchar('currency', { length: 3 }).notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    slots: integer('slots').notNull(),
    playersJoined: integer('players_joined').notNull().default(0),
    waitlisted: integer('waitlisted').notNull().default(0),
    startTime: timestamptz('start_time').notNull(),
    endTime: timestamptz('end_time').notNull(),
    visibility: text('visibility').$type<'PUBLIC' | 'PRIVATE'>().notNull(),
    gameType: text('game_type').$type<'SINGLE' | 'DOUBLE'>().notNull(),
    /** Stored SCHEDULED or CANCELLED (and STARTED/COMPLETED once the status job runs); see the presenter for the effective one. */
    status: text('status').$type<'SCHEDULED' | 'STARTED' | 'COMPLETED' | 'CANCELLED'>().notNull().default('SCHEDULED'),
    /** The quorum: with it set, the decision job confirms or cancels the game decision_hours_before its start. */
    minPlayers: integer('min_players'),
    decisionHoursBefore: integer('decision_hours_before').notNull().default(3),
    /** "Game on": set by the decision job, or early by the organiser. */
    confirmed: boolean('confirmed').notNull().default(false),
    /** When the go / no-go was settled (by the job or an early confirmation); the job decides only games without it. */
    decidedAt: timestamptz('decided_at'),
    cancelReason: text('cancel_reason').$type<'NOT_ENOUGH_PLAYERS'>(),
    /** APPROVAL: a join is a request the organiser or a co-host approves. */
    joinPolicy: text('join_policy').$type<'OPEN' | 'APPROVAL'>().notNull().default('OPEN'),
    /** What a player whose level lies outside the game's range may do: join, request, or nothing. */
    offLevelPolicy: text('off_level_policy').$type<'ALLOW' | 'REQUEST' | 'REFUSE'>().notNull().default('ALLOW'),
    ...timestamps(),
  },
  (table) => [
    check('games_slots_range', sql`${table.slots} BETWEEN 1 AND 100`),
    check('games_players_within_slots', sql`${table.playersJoined} BETWEEN 0 AND ${table.slots}`),
    check('games_waitlisted_non_negative', sql`${table.waitlisted} >= 0`),
    check('games_time_order', sql`${table.endTime} > ${table.startTime}`),
    check('games_price_non_negative', sql`${table.price} >= 0`),
    check('games_visibility', sql`${table.visibility} IN ('PUBLIC', 'PRIVATE')`),
    check('games_game_type', sql`${table.gameType} IN ('SINGLE', 'DOUBLE')`),
    check('games_status', sql`${table.status} IN ('SCHEDULED', 'STARTED', 'COMPLETED', 'CANCELLED')`),
    check('games_min_players_range', sql`${table.minPlayers} IS NULL OR ${table.minPlayers} BETWEEN 1 AND ${table.slots}`),
    check('games_decision_hours_range', sql`${table.decisionHoursBefore} BETWEEN 0 AND 168`),
    check('games_join_policy', sql`${table.joinPolicy} IN ('OPEN', 'APPROVAL')`),
    check('games_off_level_policy', sql`${table.offLevelPolicy} IN ('ALLOW', 'REQUEST', 'REFUSE')`),
    check('games_cancel_reason', sql`${table.cancelReason} IS NULL OR ${table.cancelReason} IN ('NOT_ENOUGH_PLAYERS')`),
    // The decision job's scan: undecided quorum games only.
    index('games_undecided_idx')
      .on(table.startTime)
      .where(sql`min_players IS NOT NULL AND decided_at IS NULL AND status = 'SCHEDULED'`),
    // The public listing walks this in (start_time, id) order from the cursor: each page costs the same at any depth.
    index('games_public_start_idx')
      .on(table.startTime, table.id)
      .where(sql`visibility = 'PUBLIC' AND status <> 'CANCELLED'`),
    // Hosted list, overlap check and the private part of the listing.
    index('games_organizer_start_idx').on(table.organizerId, table.startTime, table.id),
    index('games_activity_idx').on(table.activityId),
  ],
);

/** A player of a game; the primary key makes joining twice impossible. seq orders the waitlist. */
export const gameParticipants = pgTable(
  'game_participants',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    status: text('status').$type<'ACTIVE' | 'WAITLISTED'>().notNull(),
    joinedAt: timestamptz('joined_at').notNull(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.userId] }),
    check('game_participants_status', sql`${table.status} IN ('ACTIVE', 'WAITLISTED')`),
    index('game_participants_user_idx').on(table.userId, table.gameId),
    index('game_participants_game_seq_idx').on(table.gameId, table.status, table.seq),
  ],
);

/** Who may see a PRIVATE game without being its organiser or a player (granted by resolving its share link). */
export const gameShareAccess = pgTable(
  'game_share_access',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.userId] }), index('game_share_access_user_idx').on(table.userId, table.gameId)],
);

/** Who helps the organiser run a game (at most five per game, counted under the game's row lock). */
export const gameCoHosts = pgTable(
  'game_co_hosts',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    addedAt: timestamptz('added_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.userId] }), index('game_co_hosts_user_idx').on(table.userId, table.gameId)],
);

/** A player's request to join a game under approval; approving or declining it removes it. */
export const gameJoinRequests = pgTable(
  'game_join_requests',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    message: text('message'),
    requestedAt: timestamptz('requested_at').notNull(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.userId] }), index('game_join_requests_game_seq_idx').on(table.gameId, table.seq)],
);
