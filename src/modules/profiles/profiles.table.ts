import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { crossModuleId, ownedBy, timestamps, timestamptz } from '../../platform/db/columns.ts';

export interface ContactMethod {
  name: 'WHATSAPP' | 'TELEGRAM' | 'MESSENGER';
  value: string;
}

/** As stored: rows written before names were uppercase hold `whatsapp`, `telegram`, `messenger`. */
export interface StoredContactMethod {
  name: ContactMethod['name'] | Lowercase<ContactMethod['name']>;
  value: string;
}

/**
 * What a user adds to their account at onboarding. user_id is the users module's id; users are
 * never removed (only soft-deleted), so the reference cannot dangle.
 */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id').primaryKey(),
  contactMethods: jsonb('contact_methods')
    .$type<StoredContactMethod[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  onboardedAt: timestamptz('onboarded_at'),
  ...timestamps(),
});

/** One level per activity; activity and level ids belong to the activities module. */
export const profileSkillLevels = pgTable(
  'profile_skill_levels',
  {
    userId: ownedBy('user_id', () => profiles.userId),
    activityId: crossModuleId('activity_id'),
    skillLevelId: crossModuleId('skill_level_id'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.activityId] }), index('profile_skill_levels_level_idx').on(table.skillLevelId)],
);
