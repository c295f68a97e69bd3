import { sql, type SQL } from 'drizzle-orm';
import { arrayLiteral } from '../../../platform/db/index.ts';
import { shareAccessCut, sharedGameIds } from '../share-access/games.share-access.ts';

/** What a listing asks for, as its SQL reads it (games.filter.ts makes it from a query). */
export interface GameFilter {
  activityId?: string;
  venueIds?: string[];
  skillLevelIds?: string[];
  gameType?: 'SINGLE' | 'DOUBLE';
  /** Decimal text: games costing at most this much. */
  maxPrice?: string;
  fromDate?: string;
  toDate?: string;
  fromTime?: string;
  toTime?: string;
  /** Venues within the radius filter, as the venues module found them. */
  venueIdsWithin?: string[];
  /** Only games starting at or after this instant; undefined includes past games. */
  startsFrom?: Date;
  confirmed?: boolean;
  timeZone: string;
  /** The service clock's now: share access is read against it. */
  now: Date;
}

/** A game's place in a listing's keyset order. */
export interface Position {
  startTime: string;
  id: string;
  /** Near a centre: the game's venue's place in the nearest-first list of venues. */
  rank?: number;
}

export const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/**
 * The values a listing statement takes per request, by name. A statement is built over either the
 * values themselves (`boundValues`: each becomes a parameter) or `PLACEHOLDERS` (filled in at each
 * execution of a statement built once per shape); both give the same text.
 */
export type Bound = Partial<Record<BoundName, unknown>>;
const NAMES = [
  'viewer',
  'shareCut',
  'afterStart',
  'afterId',
  'afterRank',
  'startsFrom',
  'activityId',
  'venueIds',
  'skillLevelIds',
  'gameType',
  'maxPrice',
  'fromDate',
  'toDate',
  'fromTime',
  'toTime',
  'timeZone',
  'venueIdsWithin',
  'confirmed',
  'ids',
  'untilStart',
  'untilId',
  'untilRank',
  'now',
] as const;
type BoundName = (typeof NAMES)[number];

export const PLACEHOLDERS: Bound = Object.fromEntries(NAMES.map((name) => [name, sql.placeholder(name)]));

/** A request's values under their placeholders' names (a value its statement does not use is ignored). */
export function boundValues(filter: GameFilter, viewerId: string | null, position: Position | undefined): Bound {
  return {
    ...positionValues(viewerId, position, filter.startsFrom),
    shareCut: shareAccessCut(filter.now).toISOString(),
    activityId: filter.activityId,
    venueIds: filter.venueIds && arrayLiteral(filter.venueIds),
    skillLevelIds: filter.skillLevelIds && arrayLiteral(filter.skillLevelIds),
    gameType: filter.gameType,
    maxPrice: filter.maxPrice,
    fromDate: filter.fromDate,
    toDate: filter.toDate,
    fromTime: filter.fromTime,
    toTime: filter.toTime,
    timeZone: filter.timeZone,
    venueIdsWithin: filter.venueIdsWithin && arrayLiteral(filter.venueIdsWithin),
    confirmed: filter.confirmed,
  };
}

/** The values of a viewer's own page (joined, hosted), which has no filters. */
export const positionValues = (viewerId: string | null, position: Position | undefined, startsFrom: Date | undefined) => ({
  viewer: viewerId,
  afterStart: position?.startTime,
  afterId: position?.id,
  afterRank: position?.rank,
  startsFrom: startsFrom?.toISOString(),
});

/**
 * Each filter: when it applies, and its condition on `g` (the games alias). Each compares a column
 * with constants, so indexes apply. Which of them apply is a statement's shape (`filterShape`).
 */
const FILTERS: Array<[applies: (filter: GameFilter) => boolean, condition: (v: Bound) => SQL]> = [
  [(f) => !!f.activityId, (v) => sql`g.activity_id = ${v.activityId}::uuid`],
  [(f) => !!f.venueIds?.length, (v) => sql`g.venue_id = any(${v.venueIds}::uuid[])`],
  [
    (f) => !!f.skillLevelIds?.length,
    // A game for Beginner to Intermediate suits a Low Intermediate player: its range, by the levels'
    // places on their activity's ladder, includes one of the chosen levels.
    (v) => sql`EXISTS (SELECT 1 FROM skill_levels c, skill_levels lf, skill_levels lt
      WHERE c.id = any(${v.skillLevelIds}::uuid[]) AND lf.id = g.skill_level_from_id AND lt.id = g.skill_level_to_id
      AND c.activity_id = lf.activity_id AND c.sort_order BETWEEN lf.sort_order AND lt.sort_order)`,
  ],
  [(f) => !!f.gameType, (v) => sql`g.game_type = ${v.gameType}`],
  [(f) => f.maxPrice !== undefined, (v) => sql`g.price <= ${v.maxPrice}::numeric`],
  [(f) => !!f.fromDate, (v) => sql`g.start_time >= (${v.fromDate}::date)::timestamp AT TIME ZONE ${v.timeZone}`],
  [(f) => !!f.toDate, (v) => sql`g.start_time < ((${v.toDate}::date) + 1)::timestamp AT TIME ZONE ${v.timeZone}`],
  [(f) => !!f.fromTime, (v) => sql`to_char(g.start_time AT TIME ZONE ${v.timeZone}, 'HH24:MI') >= ${v.fromTime}`],
  [(f) => !!f.toTime, (v) => sql`to_char(g.start_time AT TIME ZONE ${v.timeZone}, 'HH24:MI') <= ${v.toTime}`],
  // No venue within the circle: nothing matches.
  [(f) => f.venueIdsWithin?.length === 0, () => sql`false`],
  [(f) => !!f.venueIdsWithin?.length, (v) => sql`g.venue_id = any(${v.venueIdsWithin}::uuid[])`],
  [(f) => f.confirmed !== undefined, (v) => sql`g.confirmed = ${v.confirmed}`],
  [(f) => !!f.startsFrom, (v) => sql`g.start_time >= ${v.startsFrom}::timestamptz`],
];

/** Conditions on `g` for the filters, over `v` (the filter's own values unless given). */
export function filterConditions(filter: GameFilter, v: Bound = boundValues(filter, null, undefined)): SQL[] {
  return FILTERS.filter(([applies]) => applies(filter)).map(([, condition]) => condition(v));
}

/** Which filters apply: with the page size, what tells one listing statement's text from another. */
export const filterShape = (filter: GameFilter): string => FILTERS.map(([applies]) => (applies(filter) ? '1' : '0')).join('');

/**
 * The visibility rule on `g`: PUBLIC games for everyone; PRIVATE ones for their organiser, their
 * co-hosts, their players (active or waitlisted) and whoever holds live share access at `now` (the
 * service clock).
 */
export function visibleTo(viewerId: string | null, now: Date): SQL {
  if (!viewerId) return sql`g.visibility = 'PUBLIC'`;
  return sql`(g.visibility = 'PUBLIC' OR g.organizer_id = ${viewerId}::uuid
    OR g.id IN (SELECT p.game_id FROM game_participants p WHERE p.user_id = ${viewerId}::uuid)
    OR g.id IN (${sharedGameIds(viewerId, shareAccessCut(now).toISOString())})
    OR g.id IN (SELECT c.game_id FROM game_co_hosts c WHERE c.user_id = ${viewerId}::uuid))`;
}

export const after = (position: Position | undefined, v: Bound) =>
  position ? [sql`(g.start_time, g.id) > (${v.afterStart}::timestamptz, ${v.afterId}::uuid)`] : [];

/** A listing near a centre: its venues come nearest first (`venueIdsWithin`), and so do its games. */
export const isNear = (filter: GameFilter) => !!filter.venueIdsWithin?.length;

/** A game's venue's place in the nearest-first list: the first key of a listing near a centre. */
export const rankOf = (v: Bound) => sql`array_position(${v.venueIdsWithin}::uuid[], g.venue_id)`;

/** A listing's keyset condition: after `position` in (rank when near, start_time, id) order. */
export function afterIn(filter: GameFilter, position: Position | undefined, v: Bound): SQL[] {
  if (!position || !isNear(filter)) return after(position, v);
  return [sql`(${rankOf(v)}, g.start_time, g.id) > (${v.afterRank}::int, ${v.afterStart}::timestamptz, ${v.afterId}::uuid)`];
}

/** Up to and including `until` in the listing's order. */
export function upToIn(filter: GameFilter, until: Position | undefined, v: Bound): SQL[] {
  if (!until) return [];
  if (!isNear(filter)) return [sql`(g.start_time, g.id) <= (${v.untilStart}::timestamptz, ${v.untilId}::uuid)`];
  return [sql`(${rankOf(v)}, g.start_time, g.id) <= (${v.untilRank}::int, ${v.untilStart}::timestamptz, ${v.untilId}::uuid)`];
}

export const where = (conditions: SQL[]) => sql.join(conditions, sql` AND `);

/**
 * A page's LIMIT written into the statement's text (a page size is one of a few numbers): a saved
 * plan then knows it, where a parameter leaves the planner to guess and re-plan each time.
 */
export function pageLimit(limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`a page limit must be a positive integer, not ${limit}`);
  return sql.raw(String(limit));
}

/** node-postgres parses uuid[] into an array; PGlite may answer the text form `{a,b}`. */
export function parseUuidArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}
