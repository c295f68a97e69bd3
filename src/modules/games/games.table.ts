import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { crossModuleId, generatedId, ownedBy, timestamps, timestamptz } from '../../platform/db/columns.ts';
import { gameTemplateColumns } from './games.columns.ts';

/**
 * A game. activity, level, venue and organiser ids belong to other modules; none of those rows is
 * ever removed (they are soft-deleted or retired), so the references cannot dangle.
 * players_joined / waitlisted / places_on_offer count places (a player and their guests) of the
 * participants rows; they change only under the game's row lock, and the checks stop any write that
 * would overfill the game whatever the code above does.
 */
export const games = pgTable(
  'games',
  {
    id: generatedId(),
    organizerId: crossModuleId('organizer_id'),
    ...gameTemplateColumns(),
    playersJoined: integer('players_joined').notNull().default(0),
    waitlisted: integer('waitlisted').notNull().default(0),
    startTime: timestamptz('start_time').notNull(),
    endTime: timestamptz('end_time').notNull(),
    /** Stored SCHEDULED or CANCELLED (and STARTED/COMPLETED once the status job runs); see the presenter for the effective one. */
    status: text('status').$type<'SCHEDULED' | 'STARTED' | 'COMPLETED' | 'CANCELLED'>().notNull().default('SCHEDULED'),
    /** "Game on": set by the decision job, or early by the organiser. */
    confirmed: boolean('confirmed').notNull().default(false),
    /** When the go / no-go was settled (by the job or an early confirmation); the job decides only games without it. */
    decidedAt: timestamptz('decided_at'),
    /** The last material change (start or end moved > 15 min, venue, a higher price): frees the players for 24 h, and bars late NO_SHOW marks. */
    materiallyChangedAt: timestamptz('materially_changed_at'),
    cancelReason: text('cancel_reason').$type<'NOT_ENOUGH_PLAYERS'>(),
    /** Places held for parties with a running offer (they count as waiting, not as joined). */
    placesOnOffer: integer('places_on_offer').notNull().default(0),
    /** The calendar SEQUENCE: raised in the same statement as every update of the row's fields. */
    sequence: integer('sequence').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    check('games_slots_range', sql`${table.slots} BETWEEN 1 AND 100`),
    check('games_players_within_slots', sql`${table.playersJoined} BETWEEN 0 AND ${table.slots}`),
    check('games_waitlisted_non_negative', sql`${table.waitlisted} >= 0`),
    check('games_places_on_offer_range', sql`${table.placesOnOffer} >= 0 AND ${table.placesOnOffer} <= ${table.waitlisted}`),
    check('games_taken_within_slots', sql`${table.playersJoined} + ${table.placesOnOffer} <= ${table.slots}`),
    check('games_max_guests_range', sql`${table.maxGuestsPerPlayer} BETWEEN 0 AND 3`),
    check('games_waitlist_mode', sql`${table.waitlistMode} IN ('AUTO', 'OFFER')`),
    check('games_time_order', sql`${table.endTime} > ${table.startTime}`),
    check('games_price_non_negative', sql`${table.price} >= 0`),
    check('games_visibility', sql`${table.visibility} IN ('PUBLIC', 'PRIVATE')`),
    check('games_game_type', sql`${table.gameType} IN ('SINGLE', 'DOUBLE')`),
    check('games_status', sql`${table.status} IN ('SCHEDULED', 'STARTED', 'COMPLETED', 'CANCELLED')`),
    check('games_min_players_range', sql`${table.minPlayers} IS NULL OR ${table.minPlayers} BETWEEN 1 AND ${table.slots}`),
    check('games_decision_hours_range', sql`${table.decisionHoursBefore} BETWEEN 0 AND 168`),
    check('games_join_policy', sql`${table.joinPolicy} IN ('OPEN', 'APPROVAL')`),
    check('games_off_level_policy', sql`${table.offLevelPolicy} IN ('ALLOW', 'REQUEST', 'REFUSE')`),
    check('games_max_recent_no_shows_range', sql`${table.maxRecentNoShows} IS NULL OR ${table.maxRecentNoShows} BETWEEN 1 AND 100`),
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

/**
 * A player of a game with their guests (a party: 1 + guests places, never split); the primary key
 * makes joining twice impossible. seq orders the waitlist. A waiting party with offer_expires_at
 * holds an offered place until then.
 */
export const gameParticipants = pgTable(
  'game_participants',
  {
    gameId: ownedBy('game_id', () => games.id),
    userId: crossModuleId('user_id'),
    status: text('status').$type<'ACTIVE' | 'WAITLISTED'>().notNull(),
    joinedAt: timestamptz('joined_at').notNull(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    guests: integer('guests').notNull().default(0),
    guestNames: text('guest_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    offerExpiresAt: timestamptz('offer_expires_at'),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.userId] }),
    check('game_participants_status', sql`${table.status} IN ('ACTIVE', 'WAITLISTED')`),
    check('game_participants_guests_range', sql`${table.guests} BETWEEN 0 AND 3`),
    check('game_participants_offer_waiting', sql`${table.offerExpiresAt} IS NULL OR ${table.status} = 'WAITLISTED'`),
    // The offer job's scan: running offers only.
    index('game_participants_offer_idx')
      .on(table.offerExpiresAt)
      .where(sql`offer_expires_at IS NOT NULL`),
    index('game_participants_user_idx').on(table.userId, table.gameId),
    index('game_participants_game_seq_idx').on(table.gameId, table.status, table.seq),
  ],
);

/** Who may see a PRIVATE game without being its organiser or a player (granted by resolving its share link). */
export const gameShareAccess = pgTable(
  'game_share_access',
  {
    gameId: ownedBy('game_id', () => games.id),
    userId: crossModuleId('user_id'),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.userId] }), index('game_share_access_user_idx').on(table.userId, table.gameId)],
);

/** Who helps the organiser run a game (at most five per game, counted under the game's row lock). */
export const gameCoHosts = pgTable(
  'game_co_hosts',
  {
    gameId: ownedBy('game_id', () => games.id),
    userId: crossModuleId('user_id'),
    addedAt: timestamptz('added_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.userId] }), index('game_co_hosts_user_idx').on(table.userId, table.gameId)],
);

/** A player's request to join a game under approval; approving or declining it removes it. */
export const gameJoinRequests = pgTable(
  'game_join_requests',
  {
    gameId: ownedBy('game_id', () => games.id),
    userId: crossModuleId('user_id'),
    message: text('message'),
    requestedAt: timestamptz('requested_at').notNull(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.userId] }), index('game_join_requests_game_seq_idx').on(table.gameId, table.seq)],
);
