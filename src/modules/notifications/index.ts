export { NotificationsService } from './notifications.service.ts';
export { NotificationStreams } from './notifications.stream.ts';
export { createNotificationsModule, type NotificationsModule } from './notifications.compose.ts';
export { LoggingPushGateway, type PushGateway, type PushMessage, type PushResult, type PushTarget } from './push.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { NOTIFICATIONS_ERRORS } from './notifications.errors.ts';
export { StreamEvents, type StreamEvent, type StreamEventName } from './stream-events.ts';
export type { Outstanding } from './notifications.texts.ts';
