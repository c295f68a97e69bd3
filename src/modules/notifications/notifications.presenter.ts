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
  return { platform: row.platform, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
