import { Type, type Static } from 'typebox';

export const NotificationTypeSchema = Type.Union([
  Type.Literal('PLAYER_JOINED'), Type.Literal('PLAYER_LEFT'), Type.Literal('GAME_FULL'), Type.Literal('WAITLIST_PROMOTED'),
  Type.Literal('GAME_UPDATED'), Type.Literal('GAME_CANCELLED'), Type.Literal('PLAYER_REMOVED'), Type.Literal('GAME_REMINDER'),
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
  'last-event-id': Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'A notification sequence number: the stream replays what came after it' })),
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
