/**
 * One game and what hangs off it, all under ['game', id] so that invalidating a game refreshes its
 * players, board, ledger and the rest; the public listing under ['games'].
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, data } from '../client';
import type { paths } from '../schema';
import { t } from '../../i18n';
import { gameKeys, gameListKeys } from './keys';
import { path, read } from './read';

export type ListingQuery = NonNullable<paths['/api/v1/games']['get']['parameters']['query']>;

export const gameQuery = read(gameKeys.detail, (id) => api.GET('/api/v1/games/{id}', path(id)));

export const gameParticipantsQuery = read(gameKeys.participants, (id) => api.GET('/api/v1/games/{id}/participants', path(id)));

/** The board's changes come over the live stream (`game-day.board`); a slow poll covers a stream that is down or missed one. */
const BOARD_FALLBACK_REFRESH_MS = 30_000;

/** Refetched on each live board event; polled slowly only while game day runs. */
const gameDayRead = read(gameKeys.gameDay, (id) => api.GET('/api/v1/games/{id}/game-day', path(id)));
export const gameDayQuery = (id: string) =>
  queryOptions({
    ...gameDayRead(id),
    refetchInterval: (query) => (query.state.data?.session && !query.state.data.session.closedAt ? BOARD_FALLBACK_REFRESH_MS : false),
  });

export const gameAttendanceQuery = read(gameKeys.attendance, (id) => api.GET('/api/v1/games/{id}/attendance', path(id)));

export const gameRatingsQuery = read(gameKeys.ratings, (id) => api.GET('/api/v1/games/{id}/ratings', path(id)));

export const joinRequestsQuery = read(gameKeys.joinRequests, (id) => api.GET('/api/v1/games/{id}/join-requests', path(id, { size: 100 })));

export const playerReliabilityQuery = read(gameKeys.reliability, (id, userId) =>
  api.GET('/api/v1/games/{id}/participants/{userId}/reliability', { params: { path: { id, userId } } }),
);

export const coHostsQuery = read(gameKeys.coHosts, (id) => api.GET('/api/v1/games/{id}/co-hosts', path(id)));

/** Asking for the link creates it the first time; the same link after that. */
export const gameShareLinkQuery = read(gameKeys.shareLink, (id) => api.POST('/api/v1/share-links', { body: { resourceType: 'GAME', resourceId: id } }));

export const ledgerQuery = read(gameKeys.ledger, (id) => api.GET('/api/v1/games/{id}/ledger', path(id)));

export const gamePaymentRulesQuery = read(gameKeys.paymentRules, (id) => api.GET('/api/v1/games/{id}/payment-rules', path(id)));

export const ownPaymentQuery = read(gameKeys.ownPayment, (id) => api.GET('/api/v1/games/{id}/payments/me', path(id)));

/** Find's listing, page by page (cursor). */
export const gameListingQuery = (query: ListingQuery) =>
  infiniteQueryOptions({
    queryKey: gameListKeys.find(query),
    queryFn: ({ pageParam }) => data(api.GET('/api/v1/games', { params: { query: { ...query, size: 20, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The admins' listing: one activity or all, past games too if asked. */
export const adminGamesQuery = (activityId: string | undefined, includePast: boolean) =>
  infiniteQueryOptions({
    queryKey: gameListKeys.admin(activityId, includePast),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      data(
        api.GET('/api/v1/games', { params: { query: { size: 20, includePast, ...(activityId && { activityId }), ...(pageParam && { cursor: pageParam }) } } }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A share link resolved; signed in or not, the service answers differently, so each has its entry. */
export const shareLinkQuery = (code: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['share-link', code, signedIn] as const,
    queryFn: () => data(api.GET('/api/v1/share-links/{code}', { params: { path: { code } } })),
    retry: false,
  });

/** The share page's HTML as a person without the app sees it (a page of this origin, not the API). */
export const sharePageQuery = (pagePath: string) =>
  queryOptions({
    queryKey: ['share-page', pagePath] as const,
    queryFn: async () => {
      const response = await fetch(pagePath, { headers: { Accept: 'text/html' } });
      if (!response.ok) throw new Error(t.game.preview.failed(response.status));
      return response.text();
    },
  });

export { gameKeys, gameListKeys };
