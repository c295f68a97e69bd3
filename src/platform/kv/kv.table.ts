import { bigint, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The embedded key-value store's rows; only sql-store.ts reads or writes them. */
export const kvEntries = pgTable(
  'kv_entries',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    consumed: boolean('consumed').notNull().default(false),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('kv_entries_expires_at_idx').on(table.expiresAt)],
);

export const kvSetMembers = pgTable(
  'kv_set_members',
  {
    key: text('key').notNull(),
    member: text('member').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.member] }), index('kv_set_members_expires_at_idx').on(table.expiresAt)],
);
