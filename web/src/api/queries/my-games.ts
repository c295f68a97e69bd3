/** The games of My games, one list per tab, under ['mine'] so that any change of the viewer's games refreshes every tab. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, data } from '../client';
import type { paths } from '../schema';
import { myGamesKeys } from './keys';

export type MyGame = paths['/api/v1/me/games/joined']['get']['responses'][200]['content']['application/json']['data']['content'][number];
export const MY_GAMES_TABS = ['upcoming', 'past', 'waiting', 'requested', 'offered', 'hosting', 'saved'] as const;
export type MyGamesTab = (typeof MY_GAMES_TABS)[number];

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

export { myGamesKeys };
