import { offsetPaged } from '../../platform/http/pagination.ts';
import type { RouteSpec } from '../../platform/http/route-set.ts';
import {
  DeviceTokenBody,
  DeviceTokenQuery,
  DeviceTokenRegistered,
  Notification,
  NotificationIdParams,
  NotificationPreferences,
  NotificationPreferencesPatch,
  ReadAllResult,
  UnreadCount,
} from './notifications.schemas.ts';

/** What each notifications route accepts and answers (the stream's own declaration is in the routes). */
export const NotificationsApi = {
  list: { summary: 'Your notifications, newest first', ...offsetPaged(Notification), message: 'Notifications' },
  unreadCount: { summary: 'How many of your notifications are unread', data: UnreadCount, message: 'Unread count' },
  readAll: { summary: 'Mark all your notifications read', data: ReadAllResult, message: 'All notifications read' },
  read: { summary: 'Mark a notification read (idempotent)', params: NotificationIdParams, data: Notification, message: 'Notification read' },
  remove: { summary: 'Delete a notification', params: NotificationIdParams },
  registerDevice: { summary: 'Register a device for push (idempotent)', body: DeviceTokenBody, data: DeviceTokenRegistered, status: 201, message: 'Device registered' },
  unregisterDevice: { summary: 'Unregister a device (204 whether or not it was registered)', querystring: DeviceTokenQuery },
  preferences: {
    summary: 'What you are told about, and how',
    description: 'Per notification type: in the app (list, unread count, stream) and push to your devices. Quiet hours hold back push only. A muted game tells you nothing.',
    data: NotificationPreferences,
    message: 'Notification preferences',
  },
  changePreferences: { summary: 'Change what you are told about (a patch)', body: NotificationPreferencesPatch, data: NotificationPreferences, message: 'Notification preferences saved' },
} satisfies Record<string, RouteSpec>;
