import { sql, type SQL } from 'drizzle-orm';
import { equalsAny, type Executor } from '../../platform/db/index.ts';
import type { Position } from './games.pages.repository.ts';
import type { GameFilter } from './games.repository.ts';
import { sharedGameIds } from './games.share-access.ts';

export const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/** The games module's raw reads answer rows as both drivers give them; callers cast what they select. */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Conditions on `g` (the games alias) for the filters; each compares a column with constants, so indexes apply. */
export function filterConditions(filter: GameFilter): SQL[] {
  const tz = filter.timeZone;
  const out: SQL[] = [];
  if (filter.activityId) out.push(sql`g.activity_id = ${filter.activityId}::uuid`);
  if (filter.venueIds?.length) out.push(sql`g.venue_id ${equalsAny(filter.venueIds, 'uuid')}`);
  if (filter.skillLevelIds?.length) {
    out.push(sql`(g.skill_level_from_id ${equalsAny(filter.skillLevelIds, 'uuid')} OR g.skill_level_to_id ${equalsAny(filter.skillLevelIds, 'uuid')})`);
  }
  if (filter.gameType) out.push(sql`g.game_type = ${filter.gameType}`);
  if (filter.fromDate) out.push(sql`g.start_time >= (${filter.fromDate}::date)::timestamp AT TIME ZONE ${tz}`);
  if (filter.toDate) out.push(sql`g.start_time < ((${filter.toDate}::date) + 1)::timestamp AT TIME ZONE ${tz}`);
  if (filter.fromTime) out.push(sql`to_char(g.start_time AT TIME ZONE ${tz}, 'HH24:MI') >= ${filter.fromTime}`);
  if (filter.toTime) out.push(sql`to_char(g.start_time AT TIME ZONE ${tz}, 'HH24:MI') <= ${filter.toTime}`);
  if (filter.venueIdsWithin) out.push(filter.venueIdsWithin.length ? sql`g.venue_id ${equalsAny(filter.venueIdsWithin, 'uuid')}` : sql`false`);
  if (filter.confirmed !== undefined) out.push(sql`g.confirmed = ${filter.confirmed}`);
  if (filter.startsFrom) out.push(sql`g.start_time >= ${filter.startsFrom.toISOString()}::timestamptz`);
  return out;
}

/**
 * The visibility rule on `g`: PUBLIC games for everyone; PRIVATE ones for their organiser, their
 * co-hosts, their players (active or waitlisted) and whoever holds live share access at `now` (the
 * service clock).
 */
export function visibleTo(viewerId: string | null, now: Date): SQL {
  if (!viewerId) return sql`g.visibility = 'PUBLIC'`;
  return sql`(g.visibility = 'PUBLIC' OR g.organizer_id = ${viewerId}::uuid
    OR g.id IN (SELECT p.game_id FROM game_participants p WHERE p.user_id = ${viewerId}::uuid)
    OR g.id IN (${sharedGameIds(viewerId, now)})
    OR g.id IN (SELECT c.game_id FROM game_co_hosts c WHERE c.user_id = ${viewerId}::uuid))`;
}

export const after = (position: Position | undefined) =>
  position ? [sql`(g.start_time, g.id) > (${position.startTime}::timestamptz, ${position.id}::uuid)`] : [];

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
