import { Type, type Static } from 'typebox';

export const NotificationTypeSchema = Type.Union([
  Type.Literal('PLAYER_JOINED'), Type.Literal('PLAYER_LEFT'), Type.Literal('GAME_FULL'), Type.Literal('WAITLIST_PROMOTED'),
  Type.Literal('GAME_UPDATED'), Type.Literal('GAME_CANCELLED'), Type.Literal('PLAYER_REMOVED'), Type.Literal('GAME_REMINDER'),
  Type.Literal('GAME_CONFIRMED'), Type.Literal('GAME_NOT_ENOUGH_PLAYERS'), Type.Literal('CO_HOST_ADDED'), Type.Literal('CO_HOST_REMOVED'),
  Type.Literal('JOIN_REQUESTED'), Type.Literal('JOIN_REQUEST_APPROVED'), Type.Literal('JOIN_REQUEST_DECLINED'), Type.Literal('JOIN_REQUEST_WITHDRAWN'),
]);
export type NotificationType = Static<typeof NotificationTypeSchema>;

export const Notification = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: NotificationTypeSchema,
  title: Type.String(),
  message: Type.String(),
  resourceType: Type.Literal('GAME'),
  resourceId: Type.String({ format: 'uuid' }),
  isRead: Type.Boolean(),
  readAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});

export const NotificationIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const UnreadCount = Type.Object({ count: Type.Integer() });
export const ReadAllResult = Type.Object({ updated: Type.Integer() });

export const StreamHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'Resume: replay notifications after this event id' })),
});

export const Platform = Type.Union([Type.Literal('ANDROID'), Type.Literal('IOS'), Type.Literal('WEB')]);
export const DeviceTokenBody = Type.Object({
  deviceToken: Type.String({ minLength: 1, maxLength: 4096 }),
  platform: Platform,
});
export const DeviceTokenQuery = Type.Object({ deviceToken: Type.String({ minLength: 1, maxLength: 4096 }) });
export const DeviceTokenRegistered = Type.Object({
  platform: Platform,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
