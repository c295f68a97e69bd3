import type { SQL } from 'drizzle-orm';
import type { Counted, Database, Executor } from '../../platform/db/index.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { OffsetRequest } from '../../platform/http/pagination.ts';
import type { BookmarkableGames } from './bookmarks.ports.ts';
import { bookmarkedFlag, BookmarksRepository } from './bookmarks.repository.ts';

export interface BookmarkView<Game> {
  gameId: string;
  game: Game;
  createdAt: Date;
}

export class BookmarksService<Game = unknown> {
  readonly #db: Database;
  readonly #games: BookmarkableGames<Game>;

  constructor(deps: { db: Database; games: BookmarkableGames<Game> }) {
    this.#db = deps.db;
    this.#games = deps.games;
  }

  async add(userId: string, gameId: string): Promise<BookmarkView<Game>> {
    const game = await this.#games.find(gameId, userId);
    if (!game) throw notFound('The game was not found.', 'game_not_found');
    const row = await new BookmarksRepository(this.#db).insert(userId, gameId);
    if (!row) throw conflict('already_bookmarked', 'This game is already bookmarked.');
    return { gameId, game, createdAt: row.createdAt };
  }

  async page(userId: string, page: OffsetRequest): Promise<Counted<BookmarkView<Game>>> {
    const { rows, total } = await new BookmarksRepository(this.#db).page(userId, page.size, page.page * page.size);
    // One batch for the whole page, never a query per bookmark.
    const games = new Map(
      (
        await this.#games.presentMany(
          rows.map((row) => row.gameId),
          userId,
        )
      ).map((game) => [game.id, game]),
    );
    const views = rows.flatMap((row) => {
      const game = games.get(row.gameId);
      return game ? [{ gameId: row.gameId, game, createdAt: row.createdAt }] : [];
    });
    return { rows: views, total };
  }

  remove(userId: string, gameId: string): Promise<void> {
    return new BookmarksRepository(this.#db).delete(userId, gameId);
  }

  /** Hard-deleting a game takes its bookmarks with it. */
  forgetGame(gameId: string, executor: Executor): Promise<void> {
    return new BookmarksRepository(executor).deleteForGame(gameId);
  }

  forgetUser(userId: string, executor: Executor): Promise<void> {
    return new BookmarksRepository(executor).deleteForUser(userId);
  }
}

/** Which games a user has bookmarked: game listings mark them, so this needs nothing of games. */
export class BookmarkMarks {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async bookmarkedAmong(userId: string, gameIds: string[]): Promise<Set<string>> {
    return new Set(await new BookmarksRepository(this.#db).gameIdsAmong(userId, gameIds));
  }

  /** The same answer for one game inside another statement (a listing page brings it with its rows). */
  bookmarkedFlag(userId: SQL, gameId: SQL): SQL<boolean> {
    return bookmarkedFlag(userId, gameId);
  }
}
