import { sql, type SQL } from 'drizzle-orm';
import { arrayLiteral, MappedQuery, Repository, StatementNames } from '../../../platform/db/index.ts';
import { GAME_COLUMNS, GAME_WIDTH, gameRowOf } from './games.page-row.ts';
import type { GameRow } from '../games.repository.ts';
import {
  ISO,
  PLACEHOLDERS,
  after,
  afterIn,
  boundValues,
  filterConditions,
  filterShape,
  isNear,
  pageLimit,
  positionValues,
  rankOf,
  upToIn,
  where,
  type Bound,
  type GameFilter,
  type Position,
} from './games.sql.ts';
import { sharedGameIds } from '../share-access/games.share-access.ts';
import { JOINED_SOURCE, type JoinedWhich } from './games.joined-source.ts';
import { games } from '../games.table.ts';

/** Reads the rows of a page after `position`. */
export type PageFetch = (position: Position | undefined, limit: number) => Promise<PageRow[]>;

/**
 * A listing page's game with its keyset position, what other modules know of it (organiser name,
 * link code), and the viewer's own marks on it when there is a viewer.
 */
export interface PageRow {
  position: Position;
  row: GameRow;
  organizerName: string | null;
  shareCode: string | null;
  viewer?: ViewerMarks;
}

export interface ViewerMarks {
  participation: 'ACTIVE' | 'WAITLISTED' | null;
  coHost: boolean;
  bookmarked: boolean;
}

/**
 * What a page statement brings with its rows, as SQL for one game that the owning modules lend
 * (users: names; share links: codes; bookmarks: the viewer's mark): one statement a page instead of
 * one per module.
 */
export interface PageParts {
  organizerName(userId: SQL): SQL<string | null>;
  shareCode(gameId: SQL): SQL<string | null>;
  viewer: PageViewer | null;
}

export interface PageViewer {
  userId: string;
  /** The flag for the viewer given as SQL: a kept statement binds the viewer per execution. */
  bookmarked(userId: SQL, gameId: SQL): SQL<boolean>;
}

/** Page statements are named, so PostgreSQL plans each shape once per connection. */
const PAGE_STATEMENTS = new StatementNames('games_page');

/** A statement kept for a shape: built over placeholders once, then executed with each request's values. */
interface Keepable<T> extends PromiseLike<T[]> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): Kept<T>;
}

interface Kept<T> {
  execute(values: Bound): Promise<T[]>;
}

/**
 * Each executor's kept statements by shape. Only named texts are kept (`PAGE_STATEMENTS` names a
 * bounded number), so this stays as small; a shape past them is built per request.
 */
const KEPT = new WeakMap<object, Map<string, Kept<unknown>>>();

/** Listing pages: the keyset walk and everything a page shows, one statement a page. */
export class GamePagesRepository extends Repository {
  /**
   * One page of visible games after `position`, in (start_time, id) order. PUBLIC games come from
   * the partial index; the viewer's PRIVATE ones (few) are a second ordered branch, merged here.
   * Over `v`: the request's values, or placeholders for a kept statement.
   */
  listingQuery(filter: GameFilter, viewerId: string | null, position: Position | undefined, limit: number, v = boundValues(filter, viewerId, position)): SQL {
    const common = [...filterConditions(filter, v), ...afterIn(filter, position, v)];
    // Near a centre the nearest venues' games come first; the rank travels with the rows.
    const near = isNear(filter);
    const rank = near ? sql`, ${rankOf(v)} AS rank` : sql``;
    const order = near ? sql`${rankOf(v)}, ` : sql``;
    const branch = (visibility: SQL[]) => sql`(SELECT g.id, g.start_time${rank} FROM games g
      WHERE ${where([...visibility, sql`g.status <> 'CANCELLED'`, ...common])}
      ORDER BY ${order}g.start_time, g.id LIMIT ${pageLimit(limit)})`;
    const union = viewerId ? sql`${branch([sql`g.visibility = 'PUBLIC'`])} UNION ALL ${privateBranches(branch, v)}` : branch([sql`g.visibility = 'PUBLIC'`]);
    return sql`SELECT u.id, to_char(u.start_time AT TIME ZONE 'UTC', ${ISO}) AS start_time${near ? sql`, u.rank` : sql``} FROM (${union}) u
      ORDER BY ${near ? sql`u.rank, ` : sql``}u.start_time, u.id LIMIT ${pageLimit(limit)}`;
  }

  async listPage(filter: GameFilter, parts: PageParts, position: Position | undefined, limit: number): Promise<PageRow[]> {
    const viewerId = parts.viewer?.userId ?? null;
    const shape = `list:${viewerId ? 1 : 0}${position ? 1 : 0}:${filterShape(filter)}:${limit}`;
    return this.#pageRows(
      shape,
      (v) => this.listingQuery(filter, viewerId, position, limit, v),
      boundValues(filter, viewerId, position),
      parts,
      isNear(filter),
    );
  }

  /** The listing page's one statement (what the benchmark runs through pgbench). */
  listingPage(filter: GameFilter, parts: PageParts, position: Position | undefined, limit: number) {
    const v = boundValues(filter, parts.viewer?.userId ?? null, position);
    return this.#pageQuery(this.listingQuery(filter, parts.viewer?.userId ?? null, position, limit, v), parts, v, isNear(filter));
  }

  async joinedPage(
    parts: PageParts & { viewer: PageViewer },
    startsFrom: Date | undefined,
    position: Position | undefined,
    limit: number,
    which: JoinedWhich,
  ): Promise<PageRow[]> {
    const state = which.state ?? 'ANY';
    return this.#pageRows(
      `joined:${position ? 1 : 0}${startsFrom ? 1 : 0}${which.past ? 1 : 0}:${state}:${limit}`,
      (v) => sql`SELECT g.id, to_char(g.start_time AT TIME ZONE 'UTC', ${ISO}) AS start_time
      FROM games g ${JOINED_SOURCE[state](v).join}
      WHERE ${where([
        sql`g.status <> 'CANCELLED'`,
        ...JOINED_SOURCE[state](v).conditions,
        ...startsFromCondition(startsFrom, v),
        ...(which.past ? [sql`g.start_time < ${v.now}::timestamptz`] : []),
        ...after(position, v),
      ])}
      ORDER BY g.start_time, g.id LIMIT ${pageLimit(limit)}`,
      { ...positionValues(parts.viewer.userId, position, startsFrom), now: which.now.toISOString() },
      parts,
    );
  }

  async hostedPage(parts: PageParts & { viewer: PageViewer }, startsFrom: Date | undefined, position: Position | undefined, limit: number): Promise<PageRow[]> {
    return this.#pageRows(
      `hosted:${position ? 1 : 0}${startsFrom ? 1 : 0}:${limit}`,
      (v) => sql`SELECT g.id, to_char(g.start_time AT TIME ZONE 'UTC', ${ISO}) AS start_time FROM games g
      WHERE ${where([sql`g.organizer_id = ${v.viewer}::uuid`, sql`g.status <> 'CANCELLED'`, ...startsFromCondition(startsFrom, v), ...after(position, v)])}
      ORDER BY g.start_time, g.id LIMIT ${pageLimit(limit)}`,
      positionValues(parts.viewer.userId, position, startsFrom),
      parts,
    );
  }

  /**
   * The page's full rows in the order of `query` (which answers id and start_time as text): the
   * keyset walk, the rows, what other modules know of them and the viewer's marks in one statement,
   * its rows read by hand (`pageRowOf`).
   */
  #pageQuery(query: SQL, { organizerName, shareCode, viewer }: PageParts, v: Bound, near = false): MappedQuery<PageRow> {
    const marks = viewer && marksOf(viewer, v);
    const statement = sql`SELECT ${GAME_COLUMNS}, page.start_time${near ? sql`, page.rank` : sql``},
      ${organizerName(sql`${games.organizerId}`)}, ${shareCode(sql`${games.id}`)}${marks ? sql`, ${marks.participation}, ${marks.coHost}, ${marks.bookmarked}` : sql``}
      FROM ${games} INNER JOIN (${query}) AS page ON page.id = ${games.id}
      ORDER BY ${near ? sql`page.rank, ` : sql``}${games.startTime}, ${games.id}`;
    return new MappedQuery(this.db, statement, pageRowOf(near, marks !== null));
  }

  /**
   * The viewer's marks on the games of a public page (`ids`), and whether any of the viewer's PRIVATE
   * games under `filter` falls on that page (after `position`, up to `until`, the page's end when it
   * has a next one): then the viewer's page is not the public one (`hidden`, also when no row came).
   */
  async viewerMarks(filter: GameFilter, parts: PageParts & { viewer: PageViewer }, ids: string[], position: Position | undefined, until: Position | undefined) {
    const values = {
      ...boundValues(filter, parts.viewer.userId, position),
      ids: arrayLiteral(ids),
      untilStart: until?.startTime,
      untilId: until?.id,
      untilRank: until?.rank,
    };
    const rows = await this.#kept(
      `marks:${position ? 1 : 0}${until ? 1 : 0}:${filterShape(filter)}`,
      (v) => {
        const common = [...filterConditions(filter, v), ...afterIn(filter, position, v), ...upToIn(filter, until, v)];
        const branch = (visibility: SQL[]) => sql`(SELECT g.id FROM games g WHERE ${where([...visibility, sql`g.status <> 'CANCELLED'`, ...common])} LIMIT 1)`;
        return this.db
          .select({ id: games.id, hidden: sql<boolean>`EXISTS (${privateBranches(branch, v)})`, ...marksOf(parts.viewer, v) })
          .from(games)
          .where(sql`${games.id} = any(${v.ids}::uuid[])`);
      },
      values,
    );
    return {
      hidden: rows.length === 0 || rows.some((row) => row.hidden),
      marks: new Map<string, ViewerMarks>(rows.map(({ id, participation, coHost, bookmarked }) => [id, { participation, coHost, bookmarked }])),
    };
  }

  /** The page's rows by the statement `query` makes (see `#pageQuery`), kept per shape. */
  #pageRows(shape: string, query: (v: Bound) => SQL, values: Bound, parts: PageParts, near = false): Promise<PageRow[]> {
    return this.#kept(shape, (v) => this.#pageQuery(query(v), parts, v, near), values);
  }

  /**
   * Runs the statement of `shape` (everything its text depends on but the parts, which are the same
   * for every request) with this request's `values`: built over placeholders and named the first
   * time, then kept, so a request binds values and builds nothing.
   */
  async #kept<T>(shape: string, build: (v: Bound) => Keepable<T>, values: Bound): Promise<T[]> {
    let kept = KEPT.get(this.db);
    if (!kept) KEPT.set(this.db, (kept = new Map()));
    let statement = kept.get(shape) as Kept<T> | undefined;
    if (!statement) {
      const query = build(PLACEHOLDERS);
      const name = PAGE_STATEMENTS.for(query.toSQL().sql);
      if (name) kept.set(shape, (statement = query.prepare(name)));
    }
    return statement ? statement.execute(values) : build(values);
  }
}

/**
 * The viewer's PRIVATE games of a listing, in two branches so each has an index path: organised (the
 * organiser index), and joined, shared or co-hosted (the viewer's few rows, then the primary key).
 * An OR across them would scan every game.
 */
function privateBranches(branch: (visibility: SQL[]) => SQL, v: Bound): SQL {
  return sql`${branch([sql`g.visibility = 'PRIVATE'`, sql`g.organizer_id = ${v.viewer}::uuid`])}
    UNION ALL ${branch([
      sql`g.visibility = 'PRIVATE'`,
      sql`g.organizer_id <> ${v.viewer}::uuid`,
      sql`g.id IN (
      SELECT p.game_id FROM game_participants p WHERE p.user_id = ${v.viewer}::uuid
      UNION ${sharedGameIds(v.viewer, v.shareCut)}
      UNION SELECT c.game_id FROM game_co_hosts c WHERE c.user_id = ${v.viewer}::uuid)`,
    ])}`;
}

/** The viewer's own pages may include past games; otherwise they start at `startsFrom`. */
const startsFromCondition = (startsFrom: Date | undefined, v: Bound) => (startsFrom ? [sql`g.start_time >= ${v.startsFrom}::timestamptz`] : []);

/** A page statement's row (see `#pageQuery`): the game's columns, its position, names, and the viewer's marks when selected. */
function pageRowOf(near: boolean, marked: boolean) {
  return (values: unknown[]): PageRow => {
    const row = gameRowOf(values);
    let at = GAME_WIDTH;
    const startTime = values[at++] as string;
    const rank = near ? Number(values[at++]) : undefined;
    const [organizerName, shareCode] = [values[at++] as string | null, values[at++] as string | null];
    const viewer = marked
      ? { participation: values[at] as ViewerMarks['participation'], coHost: values[at + 1] as boolean, bookmarked: values[at + 2] as boolean }
      : undefined;
    return { position: { id: row.id, startTime, ...(rank !== undefined && { rank }) }, row, organizerName, shareCode, viewer };
  };
}

/** The viewer's marks on each game of a page. */
function marksOf(viewer: PageViewer, v: Bound) {
  return {
    participation: sql<
      ViewerMarks['participation']
    >`(SELECT p.status FROM game_participants p WHERE p.game_id = ${games.id} AND p.user_id = ${v.viewer}::uuid)`,
    coHost: sql<boolean>`EXISTS (SELECT 1 FROM game_co_hosts c WHERE c.game_id = ${games.id} AND c.user_id = ${v.viewer}::uuid)`,
    bookmarked: viewer.bookmarked(sql`${v.viewer}`, sql`${games.id}`),
  };
}
