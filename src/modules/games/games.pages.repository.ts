import { asc, sql, type SQL } from 'drizzle-orm';
import { Repository, StatementNames } from '../../platform/db/index.ts';
import type { GameFilter, GameRow } from './games.repository.ts';
import { ISO, after, filterConditions, pageLimit, where } from './games.sql.ts';
import { sharedGameIds } from './games.share-access.ts';
import { games } from './games.table.ts';

export interface Position {
  startTime: string;
  id: string;
}

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
  bookmarked(gameId: SQL): SQL<boolean>;
}

/** Page statements are named, so PostgreSQL plans each shape once per connection. */
const PAGE_STATEMENTS = new StatementNames('games_page');

/** Listing pages: the keyset walk and everything a page shows, one statement a page. */
export class GamePagesRepository extends Repository {
  /**
   * One page of visible games after `position`, in (start_time, id) order. PUBLIC games come from
   * the partial index; the viewer's PRIVATE ones (few) are a second ordered branch, merged here.
   */
  listingQuery(filter: GameFilter, viewerId: string | null, position: Position | undefined, limit: number): SQL {
    const common = [...filterConditions(filter), ...after(position)];
    const branch = (visibility: SQL[]) => sql`(SELECT g.id, g.start_time FROM games g
      WHERE ${where([...visibility, sql`g.status <> 'CANCELLED'`, ...common])}
      ORDER BY g.start_time, g.id LIMIT ${pageLimit(limit)})`;
    const publicBranch = branch([sql`g.visibility = 'PUBLIC'`]);
    // Split so each part has an index path: organised (organiser index), joined, shared or co-hosted (the
    // viewer's few rows, then the primary key). An OR across them would scan every game.
    const union = viewerId
      ? sql`${publicBranch}
        UNION ALL ${branch([sql`g.visibility = 'PRIVATE'`, sql`g.organizer_id = ${viewerId}::uuid`])}
        UNION ALL ${branch([
          sql`g.visibility = 'PRIVATE'`,
          sql`g.organizer_id <> ${viewerId}::uuid`,
          sql`g.id IN (
          SELECT p.game_id FROM game_participants p WHERE p.user_id = ${viewerId}::uuid
          UNION ${sharedGameIds(viewerId, filter.now)}
          UNION SELECT c.game_id FROM game_co_hosts c WHERE c.user_id = ${viewerId}::uuid)`,
        ])}`
      : publicBranch;
    return sql`SELECT u.id, to_char(u.start_time AT TIME ZONE 'UTC', ${ISO}) AS start_time FROM (${union}) u
      ORDER BY u.start_time, u.id LIMIT ${pageLimit(limit)}`;
  }

  async listPage(filter: GameFilter, parts: PageParts, position: Position | undefined, limit: number): Promise<PageRow[]> {
    return this.#pageRows(this.listingQuery(filter, parts.viewer?.userId ?? null, position, limit), parts);
  }

  /** The listing page's one statement (what the benchmark runs through pgbench). */
  listingPage(filter: GameFilter, parts: PageParts, position: Position | undefined, limit: number) {
    return this.#pageQuery(this.listingQuery(filter, parts.viewer?.userId ?? null, position, limit), parts);
  }

  async joinedPage(parts: PageParts & { viewer: PageViewer }, startsFrom: Date | undefined, position: Position | undefined, limit: number): Promise<PageRow[]> {
    return this.#pageRows(
      sql`SELECT g.id, to_char(g.start_time AT TIME ZONE 'UTC', ${ISO}) AS start_time
      FROM games g JOIN game_participants p ON p.game_id = g.id AND p.user_id = ${parts.viewer.userId}::uuid
      WHERE ${where([sql`g.status <> 'CANCELLED'`, ...startsFromCondition(startsFrom), ...after(position)])}
      ORDER BY g.start_time, g.id LIMIT ${pageLimit(limit)}`,
      parts,
    );
  }

  async hostedPage(parts: PageParts & { viewer: PageViewer }, startsFrom: Date | undefined, position: Position | undefined, limit: number): Promise<PageRow[]> {
    return this.#pageRows(
      sql`SELECT g.id, to_char(g.start_time AT TIME ZONE 'UTC', ${ISO}) AS start_time FROM games g
      WHERE ${where([sql`g.organizer_id = ${parts.viewer.userId}::uuid`, sql`g.status <> 'CANCELLED'`, ...startsFromCondition(startsFrom), ...after(position)])}
      ORDER BY g.start_time, g.id LIMIT ${pageLimit(limit)}`,
      parts,
    );
  }

  /**
   * The page's full rows in the order of `query` (which answers id and start_time as text): the
   * keyset walk, the rows, what other modules know of them and the viewer's marks in one statement.
   */
  #pageQuery(query: SQL, { organizerName, shareCode, viewer }: PageParts) {
    return this.db
      .select({
        row: games,
        startTime: sql<string>`page.start_time`,
        organizerName: organizerName(sql`${games.organizerId}`),
        shareCode: shareCode(sql`${games.id}`),
        ...marksOf(viewer),
      })
      .from(games)
      .innerJoin(sql`(${query}) AS page`, sql`page.id = ${games.id}`)
      .orderBy(asc(games.startTime), asc(games.id));
  }

  async #pageRows(query: SQL, parts: PageParts): Promise<PageRow[]> {
    const { viewer } = parts;
    const page = this.#pageQuery(query, parts);
    const name = PAGE_STATEMENTS.for(page.toSQL().sql);
    return (await (name ? page.prepare(name).execute() : page)).map(({ row, startTime, organizerName, shareCode, participation, coHost, bookmarked }) => ({
      position: { id: row.id, startTime },
      row,
      organizerName,
      shareCode,
      viewer: viewer ? { participation, coHost, bookmarked } : undefined,
    }));
  }
}

/** The viewer's own pages may include past games; otherwise they start at `startsFrom`. */
const startsFromCondition = (startsFrom: Date | undefined) => (startsFrom ? [sql`g.start_time >= ${startsFrom.toISOString()}::timestamptz`] : []);

/** The viewer's marks on each game of a page (constants for an anonymous page, which has none). */
function marksOf(viewer: PageViewer | null) {
  if (!viewer) {
    return { participation: sql<ViewerMarks['participation']>`NULL`, coHost: sql<boolean>`false`, bookmarked: sql<boolean>`false` };
  }
  return {
    participation: sql<
      ViewerMarks['participation']
    >`(SELECT p.status FROM game_participants p WHERE p.game_id = ${games.id} AND p.user_id = ${viewer.userId}::uuid)`,
    coHost: sql<boolean>`EXISTS (SELECT 1 FROM game_co_hosts c WHERE c.game_id = ${games.id} AND c.user_id = ${viewer.userId}::uuid)`,
    bookmarked: viewer.bookmarked(sql`${games.id}`),
  };
}
