import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { crossModuleId, timestamptz } from '../../platform/db/columns.ts';

export const gameBookmarks = pgTable(
  'game_bookmarks',
  {
    userId: crossModuleId('user_id'),
    gameId: crossModuleId('game_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.gameId] }),
    index('game_bookmarks_user_created_idx').on(table.userId, table.createdAt.desc(), table.gameId),
    index('game_bookmarks_game_idx').on(table.gameId),
  ],
);
