/** The series area's reads, as hooks over the series queries (api/queries/series.ts) and the games of its dates. */
import { useQueries, useQuery } from '@tanstack/react-query';
import type { components } from '../../api/schema';
import { activitiesQuery, venuesQuery } from '../../api/queries/catalogue';
import { gameParticipantsQuery, gameQuery } from '../../api/queries/games';
import { membersQuery, mySeriesQuery, occurrencesQuery, seriesQuery, type MemberKind } from '../../api/queries/series';

type Schemas = components['schemas'];
export type { MemberKind, Schemas };

export const useMySeries = () => useQuery(mySeriesQuery());
export const useSeries = (id: string) => useQuery(seriesQuery(id));
export const useOccurrences = (id: string) => useQuery(occurrencesQuery(id));
export const useMembers = (id: string, kind: MemberKind) => useQuery(membersQuery(id, kind));
export type Series = NonNullable<ReturnType<typeof useSeries>['data']>;
export type Occurrence = NonNullable<ReturnType<typeof useOccurrences>['data']>['content'][number];
export type Member = NonNullable<ReturnType<typeof useMembers>['data']>[number];

export const useActivities = () => useQuery(activitiesQuery());

export const useVenues = (activityId: string) => useQuery({ ...venuesQuery(activityId), enabled: !!activityId });

/** The games of the opened dates, as they are now: a date changed on its own shows its own time and title. */
export function useGames(ids: string[]) {
  return useQueries({ queries: ids.map((id) => gameQuery(id)) });
}

/** People who played in the series' open dates: whom an organiser can invite without knowing their ID. */
export function usePlayersOf(gameIds: string[]) {
  const answers = useQueries({ queries: gameIds.map((id) => gameParticipantsQuery(id)) });
  const people = new Map<string, string>();
  for (const answer of answers) for (const player of answer.data ?? []) if (player.name) people.set(player.userId, player.name);
  return people;
}
