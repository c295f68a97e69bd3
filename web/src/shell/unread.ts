import { useQuery } from '@tanstack/react-query';
import { api, data } from '../api/client';

/** The unread count the tab bar shows; the live stream and the notifications page invalidate ['unread']. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ queryKey: ['unread'], queryFn: () => data(api.GET('/api/v1/notifications/unread-count')), enabled });
}

/** The caller's unread chat messages over their games (the tab bar's My games); chat events invalidate ['chat-unread']. */
export function useChatUnread(enabled: boolean) {
  return useQuery({ queryKey: ['chat-unread'], queryFn: () => data(api.GET('/api/v1/me/chat-unread')), enabled });
}
