import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A user's calendar feed token; only its SHA-256 is kept, so a database leak opens no feed. */
export const calendarTokens = pgTable('calendar_tokens', {
  userId: uuid('user_id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** A feed unread for 90 days lapses (see docs/calendars). */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull(),
});
