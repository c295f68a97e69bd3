import type { TSchema } from 'typebox';
import { presentPage } from '../../platform/http/pagination.ts';
import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { presentBookmark } from './bookmarks.presenter.ts';
import { BookmarksApi } from './bookmarks.api.ts';
import type { BookmarksService } from './bookmarks.service.ts';
import { signedIn } from '../access/index.ts';

export interface BookmarksRoutesOptions {
  bookmarks: BookmarksService;
  /** The games module's response schema, so bookmarks embed the same game shape. */
  gameSchema: TSchema;
}

export async function bookmarksRoutes(app: TypedApp, { bookmarks, gameSchema }: BookmarksRoutesOptions) {
  const api = BookmarksApi(gameSchema);
  const routes = userRouteSet(app, 'bookmarks', signedIn);
  routes.post('/api/v1/game-bookmarks', api.add, async (request, { userId }) => presentBookmark(await bookmarks.add(userId, request.body.gameId)));
  routes.get('/api/v1/game-bookmarks', api.list, async (request, { userId }) =>
    presentPage(await bookmarks.page(userId, request.query), presentBookmark, request.query),
  );
  routes.delete('/api/v1/game-bookmarks/:gameId', api.remove, (request, { userId }) => bookmarks.remove(userId, request.params.gameId));
}
