/** The caller's notifications, their unread count, and the game one is about. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, data } from '../client';
import { notificationKeys } from './keys';

const PAGE = 50;

/** Pages by offset, newest first. */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.all,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => data(api.GET('/api/v1/notifications', { params: { query: { size: PAGE, page: pageParam } } })),
    getNextPageParam: (last) => (last.page.number + 1 < last.page.totalPages ? last.page.number + 1 : undefined),
  });

export const unreadCountQuery = () => queryOptions({ queryKey: notificationKeys.unread, queryFn: () => data(api.GET('/api/v1/notifications/unread-count')) });

/**
 * The game a notification (or a mute) is about, for its date and title: kept apart from the game's
 * own entry, and not retried, since a game may be gone or no longer visible.
 */
export const notificationGameQuery = (gameId: string) =>
  queryOptions({
    queryKey: notificationKeys.game(gameId),
    queryFn: () => data(api.GET('/api/v1/games/{id}', { params: { path: { id: gameId } } })),
    retry: false,
  });

export { notificationKeys };
