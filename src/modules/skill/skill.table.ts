import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { crossModuleId, generatedId, timestamptz } from '../../platform/db/columns.ts';

/** Doubles and singles are rated apart: a strong singles player is not necessarily a strong partner. */
export type SkillKind = 'DOUBLES' | 'SINGLES';

/** A player's openskill estimate per activity and kind (drizzle/0026_skill_ratings.sql). */
export const skillRatings = pgTable(
  'skill_ratings',
  {
    userId: crossModuleId('user_id'),
    activityId: crossModuleId('activity_id'),
    kind: text('kind').$type<SkillKind>().notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    games: integer('games').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'skill_ratings_pk', columns: [table.userId, table.activityId, table.kind] }),
    check('skill_ratings_kind', sql`${table.kind} IN ('DOUBLES', 'SINGLES')`),
  ],
);

/** One row per rated match: its primary key is what makes a result count once. */
export const skillRatingEvents = pgTable(
  'skill_rating_events',
  {
    matchId: uuid('match_id').primaryKey(),
    gameId: crossModuleId('game_id'),
    activityId: crossModuleId('activity_id'),
    kind: text('kind').$type<SkillKind>().notNull(),
    ratedAt: timestamptz('rated_at').notNull(),
  },
  (table) => [check('skill_rating_events_kind', sql`${table.kind} IN ('DOUBLES', 'SINGLES')`)],
);

/** Each player's rating before and after a rated match. */
export const skillRatingChanges = pgTable(
  'skill_rating_changes',
  {
    id: generatedId(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => skillRatingEvents.matchId, { onDelete: 'cascade' }),
    userId: crossModuleId('user_id'),
    activityId: crossModuleId('activity_id'),
    kind: text('kind').$type<SkillKind>().notNull(),
    /** null: a draw. */
    won: boolean('won'),
    muBefore: doublePrecision('mu_before').notNull(),
    sigmaBefore: doublePrecision('sigma_before').notNull(),
    muAfter: doublePrecision('mu_after').notNull(),
    sigmaAfter: doublePrecision('sigma_after').notNull(),
    at: timestamptz('at').notNull(),
  },
  (table) => [index('skill_rating_changes_user_idx').on(table.userId, table.activityId, table.kind, table.seq.desc())],
);

export const skillVisibility = pgTable('skill_visibility', {
  userId: uuid('user_id').primaryKey(),
  hidden: boolean('hidden').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});
