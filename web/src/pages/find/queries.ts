/** The reference data Find's filters read (activities with their ladders, venues); other pages read the activities too. */
import { useQuery } from '@tanstack/react-query';
import { activitiesQuery, filterOptionsQuery, venuesQuery } from '../../api/queries/catalogue';

export function useActivities() {
  return useQuery(activitiesQuery());
}

export function useVenues(activityId: string) {
  return useQuery(venuesQuery(activityId));
}

/** With an activity chosen, only the venues that have games of it (what the filter can find); else every venue. */
export function useVenuesWithGames(activityId: string) {
  const all = useVenues('');
  const present = useQuery({ ...filterOptionsQuery(activityId), enabled: !!activityId });
  return activityId ? present.data?.venues : all.data?.content;
}
