import { Type, type TSchema } from 'typebox';
import { offsetPaged } from '../../platform/http/pagination.ts';
import type { RouteSpec } from '../../platform/http/route-set.ts';

export const BookmarkBody = Type.Object({ gameId: Type.String({ format: 'uuid' }) });
export const GameIdParams = Type.Object({ gameId: Type.String({ format: 'uuid' }) });

export const Bookmark = <G extends TSchema>(game: G) =>
  Type.Object({
    gameId: Type.String({ format: 'uuid' }),
    game,
    createdAt: Type.String({ format: 'date-time' }),
  });

/** What each bookmarks route accepts and answers, the bookmarked game in the games module's shape. */
export function BookmarksApi<G extends TSchema>(game: G) {
  const item = Bookmark(game);
  return {
    add: { summary: 'Bookmark a game', body: BookmarkBody, data: item, status: 201, message: 'Game bookmarked' },
    list: { summary: 'Your bookmarks, newest first', ...offsetPaged(item), message: 'Bookmarks' },
    remove: { summary: 'Remove a bookmark (204 whether or not it existed)', params: GameIdParams },
  } satisfies Record<string, RouteSpec>;
}
