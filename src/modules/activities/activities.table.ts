import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { generatedId, timestamps, timestamptz } from '../../platform/db/columns.ts';

export const activities = pgTable(
  'activities',
  {
    id: generatedId(),
    name: text('name').notNull(),
    ...timestamps(),
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [
    // Names are unique regardless of case among live activities; a deleted name can be reused.
    uniqueIndex('activities_name_uq')
      .on(sql`lower(${table.name})`)
      .where(sql`deleted_at IS NULL`),
  ],
);

/**
 * Levels are never removed, only retired (deleted_at), so games and profiles that point at a
 * retired level keep a valid reference.
 */
export const skillLevels = pgTable(
  'skill_levels',
  {
    id: generatedId(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [index('skill_levels_activity_idx').on(table.activityId, table.sortOrder)],
);
