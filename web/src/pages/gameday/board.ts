/** The board as the API answers it, read and written through the typed client; every write refreshes it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';

/** The board's changes come over the live stream (`game-day.board`); a slow poll covers a stream that is down or missed one. */
const FALLBACK_REFRESH_MS = 30_000;

export const boardKey = (gameId: string) => ['game', gameId, 'game-day'];

/** Refetched on each live board event; polled slowly only while game day runs. */
export function useBoard(gameId: string, enabled = true) {
  return useQuery({
    queryKey: boardKey(gameId),
    queryFn: () => data(api.GET('/api/v1/games/{id}/game-day', { params: { path: { id: gameId } } })),
    enabled,
    refetchInterval: (query) => (query.state.data?.session && !query.state.data.session.closedAt ? FALLBACK_REFRESH_MS : false),
  });
}

export type Board = NonNullable<ReturnType<typeof useBoard>['data']>;
export type Match = Board['results'][number];
export type Proposal = NonNullable<Board['proposal']>;

/** A write that refreshes the board once it is done, whatever it answered. */
export function useBoardWrite(gameId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSettled: () => client.invalidateQueries({ queryKey: boardKey(gameId) }),
  });
}

export const names = (side: Array<{ name: string | null }>, fallback: string) => side.map((player) => player.name ?? fallback).join(' & ');

export const minutesSince = (iso: string | null, now: number) => (iso ? Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000)) : 0);
