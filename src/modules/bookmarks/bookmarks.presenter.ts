import type { BookmarkView } from './bookmarks.service.ts';

export function presentBookmark<Game>(view: BookmarkView<Game>) {
  return { gameId: view.gameId, game: view.game, createdAt: view.createdAt.toISOString() };
}
