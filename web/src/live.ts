/**
 * The notification stream (server-sent events): each event refreshes the unread count, the list and
 * the game it is about, so a waitlist promotion shows on the game page as it happens. A dropped
 * stream (a restart, an expired token) reconnects after a pause; EventSource sends Last-Event-ID itself
 * only within one connection, so the pages refetch on reconnect instead.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';

export function useLiveNotifications(signedIn: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      source = new EventSource('/api/v1/notifications/stream', { withCredentials: true });
      source.onopen = () => void client.invalidateQueries({ queryKey: ['unread'] });
      source.onmessage = (event: MessageEvent<string>) => {
        void client.invalidateQueries({ queryKey: ['unread'] });
        void client.invalidateQueries({ queryKey: ['notifications'] });
        void client.invalidateQueries({ queryKey: ['mine'] });
        try {
          const notification = JSON.parse(event.data) as { resourceId?: string };
          if (notification.resourceId) void client.invalidateQueries({ queryKey: ['game', notification.resourceId] });
        } catch {
          // a comment or keep-alive: nothing to refresh
        }
      };
      source.onerror = () => {
        source?.close();
        if (!stopped) retry = setTimeout(connect, 3_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [signedIn, client]);
}
