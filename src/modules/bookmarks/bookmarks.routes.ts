import type { TypedApp } from '../../platform/http/typed-app.ts';
import type { TSchema } from 'typebox';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { userRoute } from '../../platform/http/openapi.ts';
import { NoContent, created, noContent } from '../../platform/http/replies.ts';
import { OffsetPage, OffsetQuery, presentPage } from '../../platform/http/pagination.ts';
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

  app.post(
    '/api/v1/game-bookmarks',
    { schema: userRoute('bookmarks', 'Bookmark a game', { body: BookmarkBody, response: { 201: Envelope(BookmarkSchema) } }) },
    async (request, reply) =>
      created(reply, envelope(request, presentBookmark(await bookmarks.add(signedIn(request).userId, request.body.gameId)), 'Game bookmarked')),
  );

  app.get(
    '/api/v1/game-bookmarks',
    { schema: userRoute('bookmarks', 'Your bookmarks, newest first', { querystring: OffsetQuery, response: { 200: Envelope(OffsetPage(BookmarkSchema)) } }) },
    async (request) =>
      envelope(request, presentPage(await bookmarks.page(signedIn(request).userId, request.query), presentBookmark, request.query), 'Bookmarks'),
  );

  app.delete(
    '/api/v1/game-bookmarks/:gameId',
    { schema: userRoute('bookmarks', 'Remove a bookmark (204 whether or not it existed)', { params: GameIdParams, response: NoContent }) },
    async (request, reply) => noContent(reply, bookmarks.remove(signedIn(request).userId, request.params.gameId)),
  );
}
