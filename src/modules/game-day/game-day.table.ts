import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { crossModuleId, generatedId, ownedBy, timestamptz } from '../../platform/db/columns.ts';
import type { GameDayFormat } from './rotation/rotation.types.ts';

export type ScoreRule = 'TO_21' | 'TO_11' | 'FREE';
/** ROUND: all free courts start together; COURT: the next match as soon as one court frees. */
export type Pace = 'ROUND' | 'COURT';
export type MatchStatus = 'PROPOSED' | 'PLAYING' | 'DONE';
export type ScoreState = 'ENTERED' | 'CONFIRMED' | 'DISPUTED' | 'SETTLED';

/** A game's session at the venue, once a host opened it (drizzle/0022_game_day.sql). */
export const gameDays = pgTable(
  'game_days',
  {
    gameId: crossModuleId('game_id').primaryKey(),
    format: text('format').$type<GameDayFormat>().notNull(),
    courts: integer('courts').notNull(),
    scoreRule: text('score_rule').$type<ScoreRule>().notNull(),
    pace: text('pace').$type<Pace>().notNull(),
    winnerStaysCap: integer('winner_stays_cap').notNull().default(2),
    openedBy: crossModuleId('opened_by'),
    openedAt: timestamptz('opened_at').notNull(),
    closedAt: timestamptz('closed_at'),
  },
  (table) => [
    check('game_days_format', sql`${table.format} IN ('ROTATING_DOUBLES', 'WINNER_STAYS', 'FIXED_PAIRS', 'SINGLES')`),
    check('game_days_courts', sql`${table.courts} BETWEEN 1 AND 20`),
    check('game_days_score_rule', sql`${table.scoreRule} IN ('TO_21', 'TO_11', 'FREE')`),
    check('game_days_pace', sql`${table.pace} IN ('ROUND', 'COURT')`),
    check('game_days_winner_stays_cap', sql`${table.winnerStaysCap} BETWEEN 1 AND 10`),
  ],
);

/** A checked-in player who said "I'm leaving": out of the next rounds. */
export const gameDayLeavers = pgTable(
  'game_day_leavers',
  {
    gameId: ownedBy('game_id', () => gameDays.gameId),
    userId: crossModuleId('user_id'),
    leftAt: timestamptz('left_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.userId] })],
);

/** A round (or, per court, one match) as proposed and then started; `resting` sat it out. */
export const gameDayRounds = pgTable(
  'game_day_rounds',
  {
    id: generatedId(),
    gameId: ownedBy('game_id', () => gameDays.gameId),
    number: integer('number').notNull(),
    status: text('status').$type<'PROPOSED' | 'STARTED'>().notNull(),
    resting: uuid('resting').array().notNull(),
    proposedBy: crossModuleId('proposed_by'),
    proposedAt: timestamptz('proposed_at').notNull(),
    startedAt: timestamptz('started_at'),
  },
  (table) => [
    unique('game_day_rounds_number').on(table.gameId, table.number),
    check('game_day_rounds_status', sql`${table.status} IN ('PROPOSED', 'STARTED')`),
    uniqueIndex('game_day_rounds_one_proposal')
      .on(table.gameId)
      .where(sql`${table.status} = 'PROPOSED'`),
  ],
);

export const gameDayMatches = pgTable(
  'game_day_matches',
  {
    id: generatedId(),
    roundId: ownedBy('round_id', () => gameDayRounds.id),
    gameId: crossModuleId('game_id'),
    court: integer('court').notNull(),
    sideA: uuid('side_a').array().notNull(),
    sideB: uuid('side_b').array().notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<MatchStatus>().notNull(),
    scoreA: integer('score_a'),
    scoreB: integer('score_b'),
    scoreState: text('score_state').$type<ScoreState>(),
    scoreEnteredBy: uuid('score_entered_by'),
    startedAt: timestamptz('started_at'),
    endedAt: timestamptz('ended_at'),
  },
  (table) => [
    check('game_day_matches_status', sql`${table.status} IN ('PROPOSED', 'PLAYING', 'DONE')`),
    check('game_day_matches_score_state', sql`${table.scoreState} IS NULL OR ${table.scoreState} IN ('ENTERED', 'CONFIRMED', 'DISPUTED', 'SETTLED')`),
    uniqueIndex('game_day_matches_one_per_court')
      .on(table.gameId, table.court)
      .where(sql`${table.status} <> 'DONE'`),
    index('game_day_matches_game_idx').on(table.gameId),
  ],
);

/** Every change of a match's score, with who made it and when. */
export const gameDayScoreChanges = pgTable(
  'game_day_score_changes',
  {
    id: generatedId(),
    matchId: ownedBy('match_id', () => gameDayMatches.id),
    /** Insertion order: two changes in the same instant still read in the order they were made. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    action: text('action').$type<ScoreState>().notNull(),
    scoreA: integer('score_a'),
    scoreB: integer('score_b'),
    byUser: crossModuleId('by_user'),
    at: timestamptz('at').notNull(),
  },
  (table) => [
    check('game_day_score_changes_action', sql`${table.action} IN ('ENTERED', 'CONFIRMED', 'DISPUTED', 'SETTLED')`),
    index('game_day_score_changes_match_idx').on(table.matchId, table.seq),
  ],
);
