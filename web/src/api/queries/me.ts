/**
 * The signed-in person's own reads. ['me'] is the caller (and prefixes their money and PayNow, so a
 * change of person refreshes those too); their game lists are under ['mine'].
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, ApiProblem, data } from '../client';
import type { paths } from '../schema';

export const meKeys = {
  all: ['me'] as const,
  paynow: ['me', 'paynow'] as const,
  money: ['me', 'money'] as const,
  invitations: ['invitations'] as const,
  reliability: ['reliability'] as const,
  preferences: ['notification-preferences'] as const,
  skillRatings: ['skill-ratings'] as const,
};

/** The caller, or null when nobody is signed in (401): not an error for the pages. */
export const meQuery = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: async () => {
      try {
        return await data(api.GET('/api/v1/me'));
      } catch (error) {
        if (error instanceof ApiProblem && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

export const paynowQuery = () => queryOptions({ queryKey: meKeys.paynow, queryFn: () => data(api.GET('/api/v1/me/paynow')) });
export const moneyQuery = () => queryOptions({ queryKey: meKeys.money, queryFn: () => data(api.GET('/api/v1/me/money')) });
export const invitationsQuery = () => queryOptions({ queryKey: meKeys.invitations, queryFn: () => data(api.GET('/api/v1/me/invitations')) });
export const reliabilityQuery = () => queryOptions({ queryKey: meKeys.reliability, queryFn: () => data(api.GET('/api/v1/me/reliability')) });
export const preferencesQuery = () => queryOptions({ queryKey: meKeys.preferences, queryFn: () => data(api.GET('/api/v1/me/notification-preferences')) });
export const skillRatingsQuery = () => queryOptions({ queryKey: meKeys.skillRatings, queryFn: () => data(api.GET('/api/v1/me/ratings')) });

export type MyGame = paths['/api/v1/me/games/joined']['get']['responses'][200]['content']['application/json']['data']['content'][number];
export const MY_GAMES_TABS = ['upcoming', 'past', 'waiting', 'requested', 'offered', 'hosting', 'saved'] as const;
export type MyGamesTab = (typeof MY_GAMES_TABS)[number];

export const myGamesKeys = {
  all: ['mine'] as const,
  tab: (tab: MyGamesTab) => ['mine', tab] as const,
};

const JOINED: Record<Exclude<MyGamesTab, 'hosting' | 'saved'>, { state: 'GOING' | 'WAITING' | 'OFFERED' | 'REQUESTED'; past?: boolean }> = {
  upcoming: { state: 'GOING' },
  past: { state: 'GOING', past: true },
  waiting: { state: 'WAITING' },
  requested: { state: 'REQUESTED' },
  offered: { state: 'OFFERED' },
};

/** One page of a tab: the joined states through one list, games one hosts and bookmarks through their own. */
async function fetchTab(tab: MyGamesTab, cursor?: string): Promise<{ items: MyGame[]; next?: string }> {
  if (tab === 'saved') {
    const page = Number(cursor ?? 0);
    const found = await data(api.GET('/api/v1/game-bookmarks', { params: { query: { page, size: 20 } } }));
    const more = (page + 1) * found.page.size < found.page.totalElements;
    return { items: found.content.map((bookmark) => bookmark.game), next: more ? String(page + 1) : undefined };
  }
  const query = { size: 20, ...(cursor ? { cursor } : {}) };
  const found =
    tab === 'hosting'
      ? await data(api.GET('/api/v1/me/games/hosted', { params: { query } }))
      : await data(api.GET('/api/v1/me/games/joined', { params: { query: { ...query, ...JOINED[tab] } } }));
  return { items: found.content, next: found.nextCursor ?? undefined };
}

export const myGamesQuery = (tab: MyGamesTab) =>
  infiniteQueryOptions({
    queryKey: myGamesKeys.tab(tab),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => fetchTab(tab, pageParam),
    getNextPageParam: (last) => last.next,
  });
