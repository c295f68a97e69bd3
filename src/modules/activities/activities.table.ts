import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const activities = pgTable(
  'activities',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
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
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('skill_levels_activity_idx').on(table.activityId, table.sortOrder)],
);
