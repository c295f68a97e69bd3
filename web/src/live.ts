/**
 * The notification stream (server-sent events): each notification refreshes the unread count, the
 * list and the game it is about, so a waitlist promotion shows on the game page as it happens. Named
 * events carry the chat (`chat.message`, `chat.deleted`, `chat.changed`) and the game-day board
 * (`game-day.board`): they refresh that game's chat, the chat unread total, or the board. A dropped
 * stream (a restart, an expired token) reconnects after a pause; EventSource sends Last-Event-ID itself
 * only within one connection, so the pages refetch on reconnect instead, and poll slowly while the
 * stream is down (`useStreamUp`).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
// The keys alone: the query factories come with the pages that read.
import { chatKeys, gameKeys, myGamesKeys, notificationKeys } from './api/queries/keys';

let up = false;
const watchers = new Set<() => void>();
function setUp(value: boolean) {
  if (up === value) return;
  up = value;
  for (const watcher of watchers) watcher();
}

/** Whether the stream is open now: screens that rely on its events poll only while it is not. */
export function useStreamUp(): boolean {
  return useSyncExternalStore(
    (watcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    () => up,
  );
}

/** What each named event refreshes; its data names the game. */
const NAMED: Record<string, (client: QueryClient, gameId: string) => void> = {
  'chat.message': (client, gameId) => chatChanged(client, gameId),
  'chat.deleted': (client, gameId) => chatChanged(client, gameId),
  'chat.changed': (client, gameId) => chatChanged(client, gameId),
  'game-day.board': (client, gameId) => void client.invalidateQueries({ queryKey: gameKeys.gameDay(gameId) }),
};

function chatChanged(client: QueryClient, gameId: string) {
  void client.invalidateQueries({ queryKey: chatKeys.game(gameId) });
  void client.invalidateQueries({ queryKey: chatKeys.unread });
}

function gameOf(event: MessageEvent<string>): string | undefined {
  try {
    return (JSON.parse(event.data) as { gameId?: string }).gameId;
  } catch {
    return undefined;
  }
}

export function useLiveNotifications(signedIn: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      source = new EventSource('/api/v1/notifications/stream', { withCredentials: true });
      source.onopen = () => {
        setUp(true);
        // Whatever happened while the stream was down is read again.
        void client.invalidateQueries({ queryKey: notificationKeys.unread });
        void client.invalidateQueries({ queryKey: chatKeys.all });
        void client.invalidateQueries({ queryKey: chatKeys.unread });
      };
      source.onmessage = (event: MessageEvent<string>) => {
        void client.invalidateQueries({ queryKey: notificationKeys.unread });
        void client.invalidateQueries({ queryKey: notificationKeys.all });
        void client.invalidateQueries({ queryKey: myGamesKeys.all });
        try {
          const notification = JSON.parse(event.data) as { resourceId?: string };
          if (notification.resourceId) void client.invalidateQueries({ queryKey: gameKeys.detail(notification.resourceId) });
        } catch {
          // a comment or keep-alive: nothing to refresh
        }
      };
      for (const [name, refresh] of Object.entries(NAMED)) {
        source.addEventListener(name, (event: MessageEvent<string>) => {
          const gameId = gameOf(event);
          if (gameId) refresh(client, gameId);
        });
      }
      source.onerror = () => {
        setUp(false);
        source?.close();
        if (!stopped) retry = setTimeout(connect, 3_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      setUp(false);
      clearTimeout(retry);
      source?.close();
    };
  }, [signedIn, client]);
}
