import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { crossModuleId, timestamptz } from './columns.ts';

/**
 * A table of "sent once" marks, a row per game and user: its primary key is what makes "once per
 * player and game" hold when job runs overlap on several instances or one crashes half-way (the
 * notice is written only when the row is). `sent_at` is indexed for the clean-up.
 */
export const oncePerGameAndUser = <Name extends string>(name: Name) =>
  pgTable(
    name,
    {
      gameId: crossModuleId('game_id'),
      userId: crossModuleId('user_id'),
      sentAt: timestamptz('sent_at').notNull(),
    },
    (table) => [primaryKey({ columns: [table.gameId, table.userId] }), index(`${name}_sent_idx`).on(table.sentAt)],
  );
