/** The series area's reads: one query key per resource, so a change invalidates exactly what it touched. */
import { useQueries, useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type Series = NonNullable<Awaited<ReturnType<typeof fetchSeries>>>;
export type Occurrence = Awaited<ReturnType<typeof fetchOccurrences>>['content'][number];
export type Member = Awaited<ReturnType<typeof fetchRegulars>>[number];
export type MemberKind = 'regulars' | 'co-hosts';
export type { Schemas };

const fetchSeries = (id: string) => data(api.GET('/api/v1/series/{id}', { params: { path: { id } } }));
const fetchOccurrences = (id: string) => data(api.GET('/api/v1/series/{id}/occurrences', { params: { path: { id }, query: { size: 100 } } }));
const fetchRegulars = (id: string) => data(api.GET('/api/v1/series/{id}/regulars', { params: { path: { id } } }));
const fetchCoHosts = (id: string) => data(api.GET('/api/v1/series/{id}/co-hosts', { params: { path: { id } } }));

export const seriesKey = (id: string) => ['series', id];

export const useMySeries = () =>
  useQuery({ queryKey: ['series', 'mine'], queryFn: () => data(api.GET('/api/v1/series', { params: { query: { size: 50 } } })) });
export const useSeries = (id: string) => useQuery({ queryKey: seriesKey(id), queryFn: () => fetchSeries(id) });
export const useOccurrences = (id: string) => useQuery({ queryKey: [...seriesKey(id), 'occurrences'], queryFn: () => fetchOccurrences(id) });
export const useMembers = (id: string, kind: MemberKind) =>
  useQuery({ queryKey: [...seriesKey(id), kind], queryFn: () => (kind === 'regulars' ? fetchRegulars(id) : fetchCoHosts(id)) });

export const useActivities = () =>
  useQuery({ queryKey: ['activities'], queryFn: () => data(api.GET('/api/v1/activities', { params: { query: { size: 100 } } })), staleTime: 300_000 });

export const useVenues = (activityId: string) =>
  useQuery({
    queryKey: ['venues', activityId],
    queryFn: () => data(api.GET('/api/v1/venues', { params: { query: { size: 100, activityId } } })),
    enabled: !!activityId,
  });

/** The games of the opened dates, as they are now: a date changed on its own shows its own time and title. */
export function useGames(ids: string[]) {
  return useQueries({
    queries: ids.map((id) => ({ queryKey: ['game', id], queryFn: () => data(api.GET('/api/v1/games/{id}', { params: { path: { id } } })) })),
  });
}

/** People who played in the series' open dates: whom an organiser can invite without knowing their ID. */
export function usePlayersOf(gameIds: string[]) {
  const answers = useQueries({
    queries: gameIds.map((id) => ({
      queryKey: ['game', id, 'participants'],
      queryFn: () => data(api.GET('/api/v1/games/{id}/participants', { params: { path: { id } } })),
    })),
  });
  const people = new Map<string, string>();
  for (const answer of answers) for (const player of answer.data ?? []) if (player.name) people.set(player.userId, player.name);
  return people;
}
