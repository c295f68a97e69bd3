import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { crossModuleId, generatedId, timestamptz } from '../../platform/db/columns.ts';

/** What a message says, who wrote it and in which game's chat: a report keeps a copy of these. */
const messageColumns = () => ({
  gameId: crossModuleId('game_id'),
  authorId: crossModuleId('author_id'),
  body: text('body').notNull(),
});

/** One message of a game's conversation; `seq` orders them (the database gives it, so no two share one). */
export const gameChatMessages = pgTable(
  'game_chat_messages',
  {
    id: generatedId(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    ...messageColumns(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    check('game_chat_messages_body_length', sql`char_length(${table.body}) BETWEEN 1 AND 1000`),
    index('game_chat_messages_game_seq_idx').on(table.gameId, table.seq.desc()),
  ],
);

/** A game's chat settings, made on the first change (no row: open, waitlist reads only, nothing pinned). */
export const gameChats = pgTable('game_chats', {
  gameId: uuid('game_id').primaryKey(),
  closedAt: timestamptz('closed_at'),
  waitlistMayWrite: boolean('waitlist_may_write').notNull().default(false),
  // One pinned message per game: this column. Deleting the message unpins it (ON DELETE SET NULL).
  pinnedMessageId: uuid('pinned_message_id').references((): AnyPgColumn => gameChatMessages.id, { onDelete: 'set null' }),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** Each member's read marker: the `seq` of the newest message they have seen; it only moves forward. */
export const gameChatReads = pgTable(
  'game_chat_reads',
  {
    gameId: crossModuleId('game_id'),
    userId: crossModuleId('user_id'),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ name: 'game_chat_reads_pk', columns: [table.gameId, table.userId] })],
);

/** A member's report of a message; the text is copied so the admins keep it after a delete. */
export const gameChatReports = pgTable(
  'game_chat_reports',
  {
    id: generatedId(),
    messageId: crossModuleId('message_id'),
    ...messageColumns(),
    reporterId: crossModuleId('reporter_id'),
    writtenAt: timestamptz('written_at').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: uuid('resolved_by'),
  },
  (table) => [
    uniqueIndex('game_chat_reports_message_reporter_idx').on(table.messageId, table.reporterId),
    index('game_chat_reports_open_idx')
      .on(table.createdAt)
      .where(sql`resolved_at IS NULL`),
  ],
);
