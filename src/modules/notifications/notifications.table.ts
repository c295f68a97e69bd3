import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { crossModuleId, generatedId, ownedBy, timestamptz } from '../../platform/db/columns.ts';
import { oncePerGameAndUser } from '../../platform/db/once-tables.ts';

/**
 * A notification to one user. `seq` numbers rows as they are inserted; `txid` is the inserting
 * transaction's id. Streams order and resume by (txid, seq) and only hand out rows of transactions
 * older than every transaction still running, so a row that commits late can never fall behind a
 * position already sent (see notifications.position.ts). `in_app` is false for a row written only
 * to be pushed (the user turned the type off in the app): lists, counts and streams skip it.
 * The game id is a reference into another module; no foreign key, a notification outlives its game.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: generatedId(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    txid: bigint('txid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    userId: crossModuleId('user_id'),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    resourceType: text('resource_type').$type<'GAME' | 'SERIES'>().notNull(),
    resourceId: crossModuleId('resource_id'),
    inApp: boolean('in_app').notNull().default(true),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull(),
    /** Who caused it and what kind of act (`co-host:<actor>`): repeats within the window update this row (drizzle/0019). */
    coalesceKey: text('coalesce_key'),
    /** A stream event's name (`chat.message`, `game-day.board`, …): such a row is only streamed (drizzle/0028). */
    streamEvent: text('stream_event'),
    payload: jsonb('payload'),
  },
  (table) => [
    check('notifications_resource_type', sql`${table.resourceType} IN ('GAME', 'SERIES')`),
    check('notifications_stream_event', sql`${table.streamEvent} IS NULL OR (NOT ${table.inApp} AND ${table.payload} IS NOT NULL)`),
    index('notifications_stream_created_idx')
      .on(table.createdAt)
      .where(sql`stream_event IS NOT NULL`),
    // The list (newest first) walks the user's rows in seq order.
    index('notifications_user_seq_idx').on(table.userId, table.seq),
    // The stream's "after position P" walks them in (txid, seq) order.
    index('notifications_user_position_idx').on(table.userId, table.txid, table.seq),
    // Unread count and read-all touch only the unread few.
    index('notifications_coalesce_idx')
      .on(table.userId, table.resourceId, table.coalesceKey, table.seq)
      .where(sql`coalesce_key IS NOT NULL`),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`NOT is_read`),
  ],
);

/**
 * A device registered for push. The token identifies a device, so it belongs to the last user who
 * registered it: a shared phone stops receiving the previous user's notifications. A browser's web
 * push subscription (drizzle/0021) is a device of platform WEB_PUSH: its endpoint URL is the token,
 * and only it has the keys its pushes are encrypted to.
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    deviceToken: text('device_token').primaryKey(),
    userId: crossModuleId('user_id'),
    platform: text('platform').$type<'ANDROID' | 'IOS' | 'WEB' | 'WEB_PUSH'>().notNull(),
    webPushP256dh: text('web_push_p256dh'),
    webPushAuth: text('web_push_auth'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    check('device_tokens_platform', sql`${table.platform} IN ('ANDROID', 'IOS', 'WEB', 'WEB_PUSH')`),
    check(
      'device_tokens_web_push_keys',
      sql`CASE WHEN ${table.platform} = 'WEB_PUSH' THEN ${table.webPushP256dh} IS NOT NULL AND ${table.webPushAuth} IS NOT NULL
      ELSE ${table.webPushP256dh} IS NULL AND ${table.webPushAuth} IS NULL END`,
    ),
    index('device_tokens_user_idx').on(table.userId),
  ],
);

/**
 * The push outbox: one row per notification and device, written in the notification's
 * transaction, so a crash after commit loses no push. A sender claims a row by setting
 * `claimed_until` (a lease) with FOR UPDATE SKIP LOCKED, sends, then deletes it; a failed send
 * puts it back with a later `next_attempt_at`. The unique key keeps one row per device.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    notificationId: ownedBy('notification_id', () => notifications.id),
    userId: crossModuleId('user_id'),
    deviceToken: text('device_token').notNull(),
    platform: text('platform').$type<'ANDROID' | 'IOS' | 'WEB' | 'WEB_PUSH'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    claimedUntil: timestamptz('claimed_until'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('push_outbox_notification_device_uq').on(table.notificationId, table.deviceToken),
    index('push_outbox_due_idx').on(table.nextAttemptAt, table.id),
    index('push_outbox_device_idx').on(table.deviceToken),
  ],
);

/**
 * A user's choices; no row means the defaults (everything on, no quiet hours). The type lists
 * name what is turned off, so a type added later starts on. Quiet hours are minutes after
 * midnight in the app time zone; start = end is refused, start > end spans midnight.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id').primaryKey(),
    inAppOff: text('in_app_off')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pushOff: text('push_off')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Types whose push is off until turned on (CHAT_PLAYING, drizzle/0029): those turned on. */
    pushOn: text('push_on')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    check(
      'notification_preferences_quiet',
      sql`(${table.quietStart} IS NULL) = (${table.quietEnd} IS NULL)
    AND coalesce(${table.quietStart} BETWEEN 0 AND 1439 AND ${table.quietEnd} BETWEEN 0 AND 1439 AND ${table.quietStart} <> ${table.quietEnd}, true)`,
    ),
  ],
);

/** A game the user hears nothing about (neither in the app nor on the phone). */
export const notificationGameMutes = pgTable(
  'notification_game_mutes',
  {
    userId: crossModuleId('user_id'),
    gameId: crossModuleId('game_id'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.gameId] })],
);

/** One row per game reminder sent: "once per player" across job runs (the notification is inserted only when this row is). */
export const gameReminders = oncePerGameAndUser('game_reminders');

/**
 * A chat push batch (drizzle/0029, notify_chat): one per recipient, game and clock minute. The first
 * message of the minute claims it and writes the notification; later ones count into it.
 */
export const chatPushBatches = pgTable(
  'chat_push_batches',
  {
    userId: crossModuleId('user_id'),
    gameId: crossModuleId('game_id'),
    minute: timestamptz('minute').notNull(),
    notificationId: uuid('notification_id').notNull(),
    messages: integer('messages').notNull().default(1),
    mentioned: boolean('mentioned').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.userId, table.gameId, table.minute] }), index('chat_push_batches_minute').on(table.minute)],
);
