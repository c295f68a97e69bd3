import type { Database, Executor } from '../../platform/db/index.ts';
import { conflict } from '../../platform/http/errors.ts';
import type { OffsetRequest } from '../../platform/http/pagination.ts';
import type { BookmarkableGames } from './bookmarks.ports.ts';
import { BookmarksRepository } from './bookmarks.repository.ts';

export interface BookmarkView<Game> {
  gameId: string;
  game: Game;
  createdAt: Date;
}

export class BookmarksService<Game = unknown> {
  readonly #db: Database;
  #games: BookmarkableGames<Game> | undefined;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Games and bookmarks need each other; the composition root ties the knot. */
  useGames(games: BookmarkableGames<Game>): void {
    this.#games = games;
  }

  async add(userId: string, gameId: string): Promise<BookmarkView<Game>> {
    const game = await this.#requireGames().requireVisible(gameId, userId);
    const row = await new BookmarksRepository(this.#db).insert(userId, gameId);
    if (!row) throw conflict('already_bookmarked', 'This game is already bookmarked.');
    return { gameId, game, createdAt: row.createdAt };
  }

  async page(userId: string, page: OffsetRequest): Promise<{ items: Array<BookmarkView<Game>>; total: number }> {
    const { rows, total } = await new BookmarksRepository(this.#db).page(userId, page.size, page.page * page.size);
    // One batch for the whole page, never a query per bookmark.
    const games = new Map((await this.#requireGames().presentMany(rows.map((row) => row.gameId), userId)).map((game) => [game.id, game]));
    const items = rows.flatMap((row) => {
      const game = games.get(row.gameId);
      return game ? [{ gameId: row.gameId, game, createdAt: row.createdAt }] : [];
    });
    return { items, total };
  }

  remove(userId: string, gameId: string): Promise<void> {
    return new BookmarksRepository(this.#db).delete(userId, gameId);
  }

  async bookmarkedAmong(userId: string, gameIds: string[]): Promise<Set<string>> {
    return new Set(await new BookmarksRepository(this.#db).gameIdsAmong(userId, gameIds));
  }

  /** Hard-deleting a game takes its bookmarks with it. */
  forgetGame(gameId: string, executor: Executor): Promise<void> {
    return new BookmarksRepository(executor).deleteForGame(gameId);
  }

  forgetUser(userId: string, executor: Executor): Promise<void> {
    return new BookmarksRepository(executor).deleteForUser(userId);
  }

  #requireGames(): BookmarkableGames<Game> {
    if (!this.#games) throw new Error('bookmarks used before the games module was wired');
    return this.#games;
  }
}
