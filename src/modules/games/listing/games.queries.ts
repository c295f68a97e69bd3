import type { Database } from '../../../platform/db/index.ts';
import type { ReadRoute } from '../../../platform/db/read-route.ts';
import type { CursorCodec } from '../../../platform/http/cursor.ts';
import { normalisedKey, type PageCache, type Tagged } from '../../../platform/cache/page-cache.ts';
import { PerReaderCache } from '../../../platform/cache/per-reader-cache.ts';
import type { ByteMeter } from '../../../platform/cache/cache-budget.ts';
import { remembered } from '../../../platform/http/conditional.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { GameBookmarks, GameContacts, GameRatings, GameShareLinks, ShareLinkBlock } from '../games.ports.ts';
import { presentGame, presentParticipant, viewerOf, type GameView, type PresentedGame } from '../games.presenter.ts';
import { gameFilterOf, metresBetween, type GameFilterDeps } from './games.filter.ts';
import { circleQuery } from '../../../platform/http/circle-query.ts';
import { refsOf, type GameRefsDeps } from '../games.refs.ts';
import { CoHostsRepository } from '../co-hosts/games.co-hosts.repository.ts';
import { GamePagesRepository, type PageFetch, type PageParts, type PageRow, type PageViewer, type ViewerMarks } from './games.pages.repository.ts';
import { GamesRepository, type GameRow } from '../games.repository.ts';
import { effectiveStatus, nextChange, scopeOf } from '../rules/games.rules.ts';
import type { GameFilterInput, JoinedState } from '../games.schemas.ts';

export interface GameQueriesDeps extends GameRefsDeps, Omit<GameFilterDeps, 'venues'> {
  db: Database;
  cursors: CursorCodec;
  shareLinks: Pick<GameShareLinks, 'linksFor' | 'codeOf' | 'linkOf'>;
  bookmarks: GameBookmarks;
  ratings?: GameRatings;
  /** Players' contact methods, listed with the players to the organiser and co-hosts only. */
  contacts?: GameContacts;
  /** Anonymous listings, filter options and games, remembered per query until a write. */
  pages?: PageCache;
  readerPages?: ByteMeter;
  /** Where a viewer's reads go (the replica unless they just wrote); default: `db`. */
  reads?: Pick<ReadRoute, 'for'>;
}

export interface CursorRequest {
  cursor?: string;
  size: number;
}

export const gameNotFound = () => notFound('The game was not found.', 'game_not_found');
type PublicPage = { content: PresentedGame[]; nextCursor: string | null };

/** Listings and single games, presented for a viewer (null: anonymous). */
export class GameQueries {
  readonly #deps: GameQueriesDeps;
  readonly #db: Database;
  readonly #readerPages: PerReaderCache<PublicPage | null>;

  constructor(deps: GameQueriesDeps) {
    this.#readerPages = new PerReaderCache({ meter: deps.readerPages });
    this.#deps = deps;
    this.#db = deps.db;
  }

  async list(query: GameFilterInput & CursorRequest, viewerId: string | null): Promise<{ content: PresentedGame[]; nextCursor: string | null }> {
    const { pages } = this.#deps;
    if (!pages) return this.#list(query, viewerId);
    const cached = await pages.through(normalisedKey('games:list', query), async (generation) => {
      const value = await this.#list(query, null, generation);
      return { value, validUntil: nextChange(value.content, this.#deps.clock.now()) };
    });
    return viewerId ? ((await this.#onPublicPage(query, cached, viewerId)) ?? this.#list(query, viewerId)) : cached.value;
  }

  /**
   * A signed-in listing page as the public one (remembered) with the viewer's marks, when none of
   * the viewer's PRIVATE games falls on it and the viewer reads where anonymous reads go (a recent
   * writer reads the primary). Undefined otherwise: the viewer's page is read whole. The viewer's
   * page (or that it is not the public one) is kept with the public page's value, which is made anew
   * at each generation, and every write to what the marks read (games, players, co-hosts, bookmarks,
   * share access) bumps it: never older than the public page.
   */
  async #onPublicPage(query: GameFilterInput & CursorRequest, cached: { value: PublicPage; json: number }, viewerId: string) {
    const [db, page] = [await this.#reader(viewerId), cached.value];
    if (page.content.length === 0 || db !== (await this.#reader(null))) return undefined;
    let made: object | null = null;
    const composed = await this.#readerPages.through(page, viewerId, async () => {
      const scope = `games:list:${scopeOf(query)}`;
      const [position, until] = [query.cursor, page.nextCursor].map((cursor) => (cursor ? this.#position(cursor, scope) : undefined));
      const ids = page.content.map((game) => game.id);
      const filter = await gameFilterOf(query, this.#deps);
      const { hidden, marks } = await new GamePagesRepository(db).viewerMarks(filter, this.#parts(viewerId), ids, position, until);
      if (hidden) return { value: null, json: 4 };
      const content = page.content.map((game) => ({ ...game, viewer: viewerOf(marks.get(game.id), game.organizer.id, viewerId) }));
      // Its JSON is the public page's (its size known) with `,"viewer":{…}` added to each game, in UTF-8 bytes as the page cache counts.
      const json = content.reduce((sum, game) => sum + ',"viewer":'.length + Buffer.byteLength(JSON.stringify(game.viewer)), cached.json);
      return { value: (made = { ...page, content }), json };
    });
    // Its bytes are kept from its second read on: most pages change before a reader reads them twice.
    return composed === null ? undefined : composed === made ? composed : remembered(composed);
  }

  /** The entity tag and JSON of a page this service answered from its public cache (anonymous reads only). */
  taggedOf(value: unknown): Tagged | undefined {
    return this.#deps.pages?.taggedOf(value);
  }

  async #list(
    query: GameFilterInput & CursorRequest,
    viewerId: string | null,
    generation?: string,
  ): Promise<{ content: PresentedGame[]; nextCursor: string | null }> {
    const filter = await gameFilterOf(query, this.#deps);
    const scope = `games:list:${scopeOf(query)}`;
    const db = await this.#reader(viewerId);
    const fetch: PageFetch = (position, limit) => new GamePagesRepository(db).listPage(filter, this.#parts(viewerId), position, limit);
    const page = await this.#page(query, scope, viewerId, fetch, generation);
    const { circle } = circleQuery(query);
    if (!circle) return page;
    return { ...page, content: page.content.map((game) => ({ ...game, distanceMeters: Math.round(metresBetween(circle, game.venue)) })) };
  }

  async joined(userId: string, query: CursorRequest & { includePast: boolean; past?: boolean; state?: JoinedState }) {
    const now = this.#deps.clock.now();
    const past = query.past ?? false;
    const from = query.includePast || past ? undefined : now;
    const db = await this.#reader(userId);
    const which = { state: query.state, past, now };
    return this.#page(query, `games:joined:${query.includePast}:${past}:${query.state ?? 'ANY'}`, userId, (position, limit) =>
      new GamePagesRepository(db).joinedPage(this.#parts(userId), from, position, limit, which),
    );
  }

  /** The organiser's games, each with the average of its players' ratings. */
  async hosted(userId: string, query: CursorRequest & { includePast: boolean }): Promise<{ content: PresentedGame[]; nextCursor: string | null }> {
    const from = query.includePast ? undefined : this.#deps.clock.now();
    const db = await this.#reader(userId);
    const page = await this.#page(query, `games:hosted:${query.includePast}`, userId, (position, limit) =>
      new GamePagesRepository(db).hostedPage(this.#parts(userId), from, position, limit),
    );
    const ratings = (await this.#deps.ratings?.averagesOf(page.content.map((game) => game.id))) ?? new Map<string, { average: number | null; count: number }>();
    return { ...page, content: page.content.map((game) => ({ ...game, rating: ratings.get(game.id) ?? { average: null, count: 0 } })) };
  }

  async filterOptions(query: GameFilterInput, viewerId: string | null) {
    const { pages } = this.#deps;
    if (viewerId || !pages) return this.#filterOptions(query, viewerId);
    return (await pages.through(normalisedKey('games:filter-options', query), async () => ({ value: await this.#filterOptions(query, null) }))).value;
  }

  async #filterOptions(query: GameFilterInput, viewerId: string | null) {
    const options = await new GamesRepository(await this.#reader(viewerId)).filterOptions(await gameFilterOf(query, this.#deps), viewerId);
    const [venues, skillLevels] = await Promise.all([this.#deps.venues.summariesOf(options.venueIds), this.#deps.activities.levelsOf(options.levelIds)]);
    return { venues, skillLevels, startTimes: options.startTimes, gameTypes: options.gameTypes as Array<'SINGLE' | 'DOUBLE'> };
  }

  /** 404 unless the game exists and the viewer may see it. */
  async get(id: string, viewerId: string | null): Promise<PresentedGame> {
    const game = await this.find(id, viewerId);
    if (!game) throw gameNotFound();
    return game;
  }

  /** The game, presented, when it exists and the viewer may see it. */
  async find(id: string, viewerId: string | null): Promise<PresentedGame | undefined> {
    const { pages } = this.#deps;
    if (viewerId || !pages) return (await this.presentMany([id], viewerId))[0];
    const cached = await pages.through(`games:one:${id}`, async (generation) => {
      const [game] = await this.#presentVisible(await this.#reader(null), [id], null, generation);
      return { value: game ?? null, validUntil: game ? nextChange([game], this.#deps.clock.now()) : undefined };
    });
    return cached.value ?? undefined;
  }

  /** The games among `ids` the viewer may see, presented, in the given order. */
  async presentMany(ids: string[], viewerId: string | null): Promise<PresentedGame[]> {
    return this.#presentVisible(await this.#reader(viewerId), ids, viewerId);
  }

  /** The game a command just wrote, from the primary: the caller may be a job, with no recent-write mark. */
  async written(id: string, viewerId: string): Promise<PresentedGame> {
    const [game] = await this.#presentVisible(this.#db, [id], viewerId);
    if (!game) throw gameNotFound();
    return game;
  }

  async #presentVisible(db: Database, ids: string[], viewerId: string | null, generation?: string): Promise<PresentedGame[]> {
    const repository = new GamesRepository(db);
    const visible = await repository.visibleAmong([...new Set(ids)], viewerId, this.#deps.clock.now());
    const shown = ids.filter((id) => visible.has(id));
    return this.#present(db, shown, viewerId, generation);
  }

  async participants(gameId: string, viewerId: string) {
    const repository = new GamesRepository(await this.#reader(viewerId));
    const game = await repository.find(gameId);
    if (!game || !(await repository.isVisible(gameId, viewerId, this.#deps.clock.now()))) throw gameNotFound();
    const rows = await repository.participantsOf(gameId);
    const ids = rows.map((row) => row.userId);
    const runs = viewerId === game.organizerId || (await new CoHostsRepository(this.#db).isCoHost(gameId, viewerId));
    const [names, contacts] = await Promise.all([this.#deps.users.namesOf(ids), runs ? this.#deps.contacts?.contactsOf(ids) : undefined]);
    return rows.map((row) => presentParticipant({ ...row, name: names.get(row.userId) ?? null }, game.organizerId, contacts?.get(row.userId)));
  }

  #parts(userId: string): PageParts & { viewer: PageViewer };
  #parts(userId: string | null): PageParts;
  #parts(userId: string | null): PageParts {
    const { users, shareLinks, bookmarks } = this.#deps;
    return {
      organizerName: (id) => users.nameOf(id),
      shareCode: (gameId) => shareLinks.codeOf(gameId),
      viewer: userId ? { userId, bookmarked: (user, gameId) => bookmarks.bookmarkedFlag(user, gameId) } : null,
    };
  }

  /** Reads that may lag go to the replica, except a recent writer's own (read-your-writes). */
  #reader(viewerId: string | null): Promise<Database> {
    return this.#deps.reads?.for(viewerId) ?? Promise.resolve(this.#db);
  }

  /** `generation`: the page cache's, when the page is read for it (see refsOf). */
  async #page(query: CursorRequest, scope: string, viewerId: string | null, fetch: PageFetch, generation?: string) {
    const position = query.cursor ? this.#position(query.cursor, scope) : undefined;
    const found = await fetch(position, query.size + 1);
    const page = found.slice(0, query.size);
    const last = page.at(-1)?.position;
    const key = last && (last.rank === undefined ? [last.startTime, last.id] : [last.startTime, last.id, last.rank]);
    const nextCursor = found.length > query.size && key ? this.#deps.cursors.encode(key, scope) : null;
    return { content: await this.#presentPage(page, viewerId, generation), nextCursor };
  }

  #position(cursor: string, scope: string): NonNullable<Parameters<PageFetch>[0]> {
    const [startTime, id, rank, ...rest] = this.#deps.cursors.decode(cursor, scope);
    // Sealed by us, so only a bug could make it malformed; still refuse it like any bad cursor.
    const badRank = rank !== undefined && !Number.isSafeInteger(rank);
    if (rest.length || badRank || typeof startTime !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(startTime))) {
      throw badRequest('invalid_cursor', 'The cursor is malformed.', [{ field: 'cursor', location: 'query', message: 'is not a valid cursor for this query' }]);
    }
    return rank === undefined ? { startTime, id } : { startTime, id, rank: rank as number };
  }

  /** Games read by id: one batch each for the rows, organiser names, links and the viewer's marks. */
  async #present(db: Database, ids: string[], viewerId: string | null, generation?: string): Promise<PresentedGame[]> {
    if (ids.length === 0) return [];
    const rows = await new GamesRepository(db).findMany(ids);
    const [names, links, marks] = await Promise.all([
      this.#deps.users.namesOf(rows.map((row) => row.organizerId)),
      this.#deps.shareLinks.linksFor(ids),
      viewerId ? this.#marksOf(db, viewerId, ids) : undefined,
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const loaded = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ row, organizerName: names.get(row.organizerId) ?? null, shareLink: links.get(id), marks: marks?.get(id) }] : [];
    });
    return this.#views(loaded, viewerId, generation);
  }

  /** A page's statement brought everything but the reference data, which comes from memory. */
  #presentPage(page: PageRow[], viewerId: string | null, generation: string | undefined): Promise<PresentedGame[]> {
    const { shareLinks } = this.#deps;
    return this.#views(
      page.map(({ row, organizerName, shareCode, viewer }) => ({
        row,
        organizerName,
        shareLink: shareCode === null ? undefined : shareLinks.linkOf(row.id, shareCode),
        marks: viewer,
      })),
      viewerId,
      generation,
    );
  }

  async #views(loaded: Loaded[], viewerId: string | null, generation: string | undefined): Promise<PresentedGame[]> {
    const rows = loaded.map((game) => game.row);
    const refs = await refsOf(this.#deps, rows, new Map(loaded.map((game) => [game.row.organizerId, game.organizerName])), generation);
    const now = this.#deps.clock.now();
    return loaded.flatMap(({ row, shareLink, marks }) => {
      const ref = refs.get(row.id);
      if (!ref) return [];
      const view: GameView = {
        row,
        refs: ref,
        status: effectiveStatus(row, now),
        shareLink,
        viewer: viewerId ? viewerOf(marks, row.organizerId, viewerId) : undefined,
      };
      return [presentGame(view)];
    });
  }

  /** The viewer's marks on games read by id (a listing page's statement brings its own). */
  async #marksOf(db: Database, userId: string, ids: string[]): Promise<Map<string, ViewerMarks>> {
    const [participation, bookmarked, coHosted] = await Promise.all([
      new GamesRepository(db).participationOf(userId, ids),
      this.#deps.bookmarks.bookmarkedAmong(userId, ids),
      new CoHostsRepository(db).coHostedAmong(userId, ids),
    ]);
    return new Map(ids.map((id) => [id, { participation: participation.get(id) ?? null, coHost: coHosted.has(id), bookmarked: bookmarked.has(id) }]));
  }
}

/** A game with what other modules know of it and the viewer's marks, ready to present. */
interface Loaded {
  row: GameRow;
  organizerName: string | null;
  shareLink: ShareLinkBlock | undefined;
  marks: ViewerMarks | undefined;
}
