import type { TSchema } from 'typebox';
import { OffsetPage, OffsetQuery, presentPage } from '../../platform/http/pagination.ts';
import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { presentBookmark } from './bookmarks.presenter.ts';
import { Bookmark, BookmarkBody, GameIdParams } from './bookmarks.schemas.ts';
import type { BookmarksService } from './bookmarks.service.ts';
import { signedIn } from '../access/index.ts';

export interface BookmarksRoutesOptions {
  bookmarks: BookmarksService;
  /** The games module's response schema, so bookmarks embed the same game shape. */
  gameSchema: TSchema;
}

export async function bookmarksRoutes(app: TypedApp, options: BookmarksRoutesOptions) {
  const { bookmarks } = options;
  const BookmarkSchema = Bookmark(options.gameSchema);
  const routes = userRouteSet(app, 'bookmarks', signedIn);

  routes.post(
    '/api/v1/game-bookmarks',
    { summary: 'Bookmark a game', body: BookmarkBody, data: BookmarkSchema, status: 201, message: 'Game bookmarked' },
    async (request, { userId }) => presentBookmark(await bookmarks.add(userId, request.body.gameId)),
  );

  routes.get(
    '/api/v1/game-bookmarks',
    { summary: 'Your bookmarks, newest first', querystring: OffsetQuery, data: OffsetPage(BookmarkSchema), message: 'Bookmarks' },
    async (request, { userId }) => presentPage(await bookmarks.page(userId, request.query), presentBookmark, request.query),
  );

  routes.delete(
    '/api/v1/game-bookmarks/:gameId',
    { summary: 'Remove a bookmark (204 whether or not it existed)', params: GameIdParams },
    (request, { userId }) => bookmarks.remove(userId, request.params.gameId),
  );
}
