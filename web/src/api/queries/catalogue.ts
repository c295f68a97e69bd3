/** The reference data: activities with their level ladders, venues, and what the listing's filters can find. */
import { queryOptions } from '@tanstack/react-query';
import { api, data } from '../client';
import { activityKeys, venueKeys } from './keys';
import { path, read } from './read';

/** Reference data changes rarely, and the admin screens that change it invalidate it. */
const REFERENCE_STALE_MS = 300_000;

export const activitiesQuery = () =>
  queryOptions({
    queryKey: activityKeys.all,
    queryFn: () => data(api.GET('/api/v1/activities', { params: { query: { size: 100 } } })),
    staleTime: REFERENCE_STALE_MS,
  });

export const activityQuery = read(activityKeys.detail, (id) => api.GET('/api/v1/activities/{id}', path(id)));

/** The venues of an activity, or every venue for ''. */
export const venuesQuery = (activityId: string) =>
  queryOptions({
    queryKey: venueKeys.forActivity(activityId),
    queryFn: () => data(api.GET('/api/v1/venues', { params: { query: { size: 100, ...(activityId ? { activityId } : {}) } } })),
    staleTime: REFERENCE_STALE_MS,
  });

export const adminVenuesQuery = (search: string) =>
  queryOptions({
    queryKey: venueKeys.admin(search),
    queryFn: () => data(api.GET('/api/v1/venues', { params: { query: { size: 100, ...(search ? { q: search } : {}) } } })),
    placeholderData: (previous) => previous,
  });

/** With an activity chosen, what the listing can find of it (its venues, start times). */
export const filterOptionsQuery = (activityId: string) =>
  queryOptions({
    queryKey: ['filter-options', activityId] as const,
    queryFn: () => data(api.GET('/api/v1/games/filter-options', { params: { query: { activityId } } })),
    staleTime: 60_000,
  });

export { activityKeys, venueKeys };
