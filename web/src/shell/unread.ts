import { useQuery } from '@tanstack/react-query';
import { api, data } from '../api/client';

/** The unread count the tab bar shows; the live stream and the notifications page invalidate ['unread']. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ queryKey: ['unread'], queryFn: () => data(api.GET('/api/v1/notifications/unread-count')), enabled });
}
