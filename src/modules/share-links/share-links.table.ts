import { integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { crossModuleId, timestamptz } from '../../platform/db/columns.ts';

export const shareLinks = pgTable(
  'share_links',
  {
    code: varchar('code', { length: 8 }).primaryKey(),
    resourceType: text('resource_type').notNull(),
    resourceId: crossModuleId('resource_id'),
    clickCount: integer('click_count').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('share_links_resource_uq').on(table.resourceType, table.resourceId)],
);
