import type { DeviceTokenRow, NotificationRow } from './notifications.repository.ts';
import type { NotificationType } from './notifications.schemas.ts';

export function presentNotification(row: NotificationRow) {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    isRead: row.isRead,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type PresentedNotification = ReturnType<typeof presentNotification>;

/** The token itself is not echoed: the client has it, and it should not travel more than needed. */
export function presentDeviceToken(row: DeviceTokenRow) {
  // The device-token route registers the platform its body names, never a browser subscription (WEB_PUSH).
  return {
    platform: row.platform as Exclude<DeviceTokenRow['platform'], 'WEB_PUSH'>,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Neither the endpoint nor the keys are echoed: the browser has them. */
export function presentWebPushSubscription(row: DeviceTokenRow) {
  return { createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
