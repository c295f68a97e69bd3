import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A notification to one user. `seq` orders them and is the server-sent event id, so a stream can
 * resume with "everything after N". `pushed_at` is the push outbox mark: the instance that claims
 * a row (sets it) is the one that hands it to the push gateway, so each is pushed once.
 * The game id is a reference into another module; no foreign key, a notification outlives its game.
 */
export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  userId: uuid('user_id').notNull(),
  type: text('type').notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  resourceType: text('resource_type').$type<'GAME'>().notNull(),
  resourceId: uuid('resource_id').notNull(),
  isRead: boolean('is_read').notNull().default(false),
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  pushedAt: timestamp('pushed_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (table) => [
  check('notifications_resource_type', sql`${table.resourceType} IN ('GAME')`),
  // The list (newest first) and the stream's "after seq N" both walk the user's rows in seq order.
  index('notifications_user_seq_idx').on(table.userId, table.seq),
  // Unread count and read-all touch only the unread few.
  index('notifications_user_unread_idx').on(table.userId).where(sql`NOT is_read`),
  // The push outbox: rows not yet handed to the gateway.
  index('notifications_unpushed_idx').on(table.userId).where(sql`pushed_at IS NULL`),
]);

/**
 * A device registered for push. The token identifies a device, so it belongs to the last user who
 * registered it: a shared phone stops receiving the previous user's notifications.
 */
export const deviceTokens = pgTable('device_tokens', {
  deviceToken: text('device_token').primaryKey(),
  userId: uuid('user_id').notNull(),
  platform: text('platform').$type<'ANDROID' | 'IOS' | 'WEB'>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (table) => [
  check('device_tokens_platform', sql`${table.platform} IN ('ANDROID', 'IOS', 'WEB')`),
  index('device_tokens_user_idx').on(table.userId),
]);

/**
 * One row per reminder sent: the primary key is what makes "once per player" hold when job runs
 * overlap or one crashes half-way (the notification is inserted only when this row is).
 */
export const gameReminders = pgTable('game_reminders', {
  gameId: uuid('game_id').notNull(),
  userId: uuid('user_id').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (table) => [
  primaryKey({ columns: [table.gameId, table.userId] }),
  index('game_reminders_sent_idx').on(table.sentAt),
]);
