import { integer, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';

export const shareLinks = pgTable(
  'share_links',
  {
    code: varchar('code', { length: 8 }).primaryKey(),
    resourceType: text('resource_type').notNull(),
    resourceId: uuid('resource_id').notNull(),
    clickCount: integer('click_count').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('share_links_resource_uq').on(table.resourceType, table.resourceId)],
);
