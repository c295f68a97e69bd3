export { BookmarkMarks, BookmarksService } from './bookmarks.service.ts';
export type { BookmarkableGames } from './bookmarks.ports.ts';
export { bookmarksRoutes } from './bookmarks.routes.ts';
export { BOOKMARKS_ERRORS } from './bookmarks.errors.ts';
