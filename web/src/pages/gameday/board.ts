/** The board as the API answers it, read and written through the typed client; every write refreshes it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gameDayQuery, gameKeys } from '../../api/queries/games';

/** Refetched on each live board event; polled slowly only while game day runs. */
export function useBoard(gameId: string, enabled = true) {
  return useQuery({ ...gameDayQuery(gameId), enabled });
}

export type Board = NonNullable<ReturnType<typeof useBoard>['data']>;
export type Match = Board['results'][number];
export type Proposal = NonNullable<Board['proposal']>;

/** A write that refreshes the board once it is done, whatever it answered. */
export function useBoardWrite(gameId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSettled: () => client.invalidateQueries({ queryKey: gameKeys.gameDay(gameId) }),
  });
}

export const names = (side: Array<{ name: string | null }>, fallback: string) => side.map((player) => player.name ?? fallback).join(' & ');

export const minutesSince = (iso: string | null, now: number) => (iso ? Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000)) : 0);
