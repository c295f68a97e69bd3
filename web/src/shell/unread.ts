import { useQuery } from '@tanstack/react-query';
import { chatUnreadQuery } from '../api/queries/chat';
import { unreadCountQuery } from '../api/queries/notifications';

/** The unread count the tab bar shows; the live stream and the notifications page invalidate it. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQuery(), enabled });
}

/** The caller's unread chat messages over their games (the tab bar's My games); chat events invalidate it. */
export function useChatUnread(enabled: boolean) {
  return useQuery({ ...chatUnreadQuery(), enabled });
}
