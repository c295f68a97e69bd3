import { bigint, boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/columns.ts';

/** The embedded key-value store's rows; only sql-store.ts reads or writes them. */
export const kvEntries = pgTable(
  'kv_entries',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    consumed: boolean('consumed').notNull().default(false),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('kv_entries_expires_at_idx').on(table.expiresAt)],
);

export const kvSetMembers = pgTable(
  'kv_set_members',
  {
    key: text('key').notNull(),
    member: text('member').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.member] }), index('kv_set_members_expires_at_idx').on(table.expiresAt)],
);
