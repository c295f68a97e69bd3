import { notFound } from '../../platform/http/errors.ts';
import type { SeriesRepository, SeriesRow } from './series.repository.ts';

export const seriesNotFound = () => notFound('The series was not found.', 'series_not_found');

export interface ViewerRoles {
  isOrganizer: boolean;
  isCoHost: boolean;
  isRegular: boolean;
}

export async function rolesOf(repository: SeriesRepository, series: SeriesRow, userId: string): Promise<ViewerRoles> {
  return (await rolesIn(repository, [series], userId)).get(series.id)!;
}

/** The viewer's roles in each of a page of series, without a query per series. */
export async function rolesIn(repository: SeriesRepository, series: SeriesRow[], userId: string): Promise<Map<string, ViewerRoles>> {
  const { coHostOf, regularOf } = await repository.membershipsIn(
    series.map((row) => row.id),
    userId,
  );
  return new Map(series.map((row) => [row.id, { isOrganizer: row.organizerId === userId, isCoHost: coHostOf.has(row.id), isRegular: regularOf.has(row.id) }]));
}

/** A PUBLIC series is seen by anyone signed in; a PRIVATE one by its organiser, co-hosts and regulars. Others: 404. */
export async function visibleSeries(repository: SeriesRepository, id: string, userId: string): Promise<{ series: SeriesRow; roles: ViewerRoles }> {
  const series = await repository.find(id);
  if (!series) throw seriesNotFound();
  const roles = await rolesOf(repository, series, userId);
  if (series.visibility === 'PRIVATE' && !roles.isOrganizer && !roles.isCoHost && !roles.isRegular) throw seriesNotFound();
  return { series, roles };
}

/**
 * The series locked for a change by its organiser, or (`coHosts`) one of its co-hosts. Anyone
 * else learns nothing: 404.
 */
export async function lockManaged(repository: SeriesRepository, id: string, userId: string, coHosts: boolean): Promise<SeriesRow> {
  const series = await repository.lock(id);
  if (!series) throw seriesNotFound();
  if (series.organizerId !== userId && !(coHosts && (await repository.isCoHost(id, userId)))) throw seriesNotFound();
  return series;
}
