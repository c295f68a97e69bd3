import type { TSchema } from 'typebox';
import { offsetPaged } from '../../platform/http/pagination.ts';
import type { RouteSpec } from '../../platform/http/route-set.ts';
import { Bookmark, BookmarkBody, GameIdParams } from './bookmarks.schemas.ts';

/** What each bookmarks route accepts and answers, the bookmarked game in the games module's shape. */
export function BookmarksApi<G extends TSchema>(game: G) {
  const item = Bookmark(game);
  return {
    add: { summary: 'Bookmark a game', body: BookmarkBody, data: item, status: 201, message: 'Game bookmarked' },
    list: { summary: 'Your bookmarks, newest first', ...offsetPaged(item), message: 'Bookmarks' },
    remove: { summary: 'Remove a bookmark (204 whether or not it existed)', params: GameIdParams },
  } satisfies Record<string, RouteSpec>;
}
