/** The reference data Find's filters read (activities with their ladders, venues); other pages read the activities too. */
import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';

export function useActivities() {
  return useQuery({ queryKey: ['activities'], queryFn: () => data(api.GET('/api/v1/activities', { params: { query: { size: 100 } } })), staleTime: 300_000 });
}

export function useVenues(activityId: string) {
  return useQuery({
    queryKey: ['venues', activityId],
    queryFn: () => data(api.GET('/api/v1/venues', { params: { query: { size: 100, ...(activityId ? { activityId } : {}) } } })),
    staleTime: 300_000,
  });
}

/** With an activity chosen, only the venues that have games of it (what the filter can find); else every venue. */
export function useVenuesWithGames(activityId: string) {
  const all = useVenues('');
  const present = useQuery({
    queryKey: ['filter-options', activityId],
    queryFn: () => data(api.GET('/api/v1/games/filter-options', { params: { query: { activityId } } })),
    enabled: !!activityId,
    staleTime: 60_000,
  });
  return activityId ? present.data?.venues : all.data?.content;
}
