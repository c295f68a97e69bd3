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
  WebPushConfig,
  WebPushEndpointBody,
  WebPushSubscribed,
  WebPushSubscriptionBody,
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
  webPushConfig: { summary: 'Whether this service sends web push, and the key a browser subscribes with', data: WebPushConfig, message: 'Web push configuration' },
  subscribeWebPush: {
    summary: "Subscribe this browser to push (idempotent; the browser's PushSubscription as JSON)",
    description: 'Kept as one of your devices (MAX_DEVICES_PER_USER, the least recently registered goes), under your preferences. 503 `web_push_off` when the service has no VAPID keys.',
    body: WebPushSubscriptionBody,
    data: WebPushSubscribed,
    status: 201,
    message: 'Push subscription saved',
  },
  unsubscribeWebPush: { summary: 'Unsubscribe a browser (204 whether or not it was subscribed)', body: WebPushEndpointBody },
  preferences: {
    summary: 'What you are told about, and how',
    description: 'Per notification type: in the app (list, unread count, stream) and push to your devices. Quiet hours hold back push only. A muted game tells you nothing.',
    data: NotificationPreferences,
    message: 'Notification preferences',
  },
  changePreferences: { summary: 'Change what you are told about (a patch)', body: NotificationPreferencesPatch, data: NotificationPreferences, message: 'Notification preferences saved' },
} satisfies Record<string, RouteSpec>;
