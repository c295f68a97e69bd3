import { Type, type Static } from 'typebox';
import { EVENT_ID_PATTERN } from './notifications.position.ts';

export const NotificationTypeSchema = Type.Union([
  Type.Literal('PLAYER_JOINED'),
  Type.Literal('PLAYER_LEFT'),
  Type.Literal('GAME_FULL'),
  Type.Literal('WAITLIST_PROMOTED'),
  Type.Literal('GAME_UPDATED'),
  Type.Literal('GAME_CANCELLED'),
  Type.Literal('PLAYER_REMOVED'),
  Type.Literal('GAME_REMINDER'),
  Type.Literal('GAME_CONFIRMED'),
  Type.Literal('GAME_NOT_ENOUGH_PLAYERS'),
  Type.Literal('CO_HOST_ADDED'),
  Type.Literal('CO_HOST_REMOVED'),
  Type.Literal('JOIN_REQUESTED'),
  Type.Literal('JOIN_REQUEST_APPROVED'),
  Type.Literal('JOIN_REQUEST_DECLINED'),
  Type.Literal('JOIN_REQUEST_WITHDRAWN'),
  Type.Literal('WAITLIST_OFFERED'),
  Type.Literal('WAITLIST_OFFER_EXPIRED'),
  Type.Literal('SERIES_GAME_JOINED'),
  Type.Literal('SERIES_OCCURRENCE_SKIPPED'),
  Type.Literal('MARKED_NO_SHOW'),
  Type.Literal('CO_HOST_INVITED'),
  Type.Literal('SERIES_CO_HOST_INVITED'),
  Type.Literal('SERIES_REGULAR_INVITED'),
  Type.Literal('SERIES_REGULAR_REMOVED'),
  Type.Literal('JOIN_REQUEST_CANCELLED'),
  Type.Literal('JOIN_REQUEST_LAPSED'),
  Type.Literal('NO_SHOW_UPHELD'),
  Type.Literal('NO_SHOW_DISMISSED'),
  Type.Literal('PAYMENT_REMINDER'),
  Type.Literal('PAYMENT_SUMMARY'),
  Type.Literal('GAME_DAY_SUMMARY'),
  Type.Literal('PLACE_RELEASED'),
  Type.Literal('CHAT_HOSTING'),
  Type.Literal('CHAT_PLAYING'),
  Type.Literal('CHAT_MENTION'),
]);
export type NotificationType = Static<typeof NotificationTypeSchema>;

export const Notification = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: NotificationTypeSchema,
  title: Type.String(),
  message: Type.String(),
  resourceType: Type.Union([Type.Literal('GAME'), Type.Literal('SERIES')]),
  resourceId: Type.String({ format: 'uuid' }),
  isRead: Type.Boolean(),
  readAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});

export const NotificationIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const UnreadCount = Type.Object({ count: Type.Integer() });
export const ReadAllResult = Type.Object({ updated: Type.Integer() });

export const StreamHeaders = Type.Object({
  'last-event-id': Type.Optional(
    Type.String({ pattern: EVENT_ID_PATTERN, description: 'A notification sequence number: the stream replays what came after it' }),
  ),
});

export const Platform = Type.Union([Type.Literal('ANDROID'), Type.Literal('IOS'), Type.Literal('WEB')]);
/** FCM and APNs tokens are printable ASCII; anything else (a NUL byte) is refused before the database sees it. */
const DeviceToken = Type.String({ minLength: 1, maxLength: 4096, pattern: '^[!-~]+$', description: 'The push token (printable ASCII, no spaces)' });
export const DeviceTokenBody = Type.Object({
  deviceToken: DeviceToken,
  platform: Platform,
});
export const DeviceTokenQuery = Type.Object({ deviceToken: DeviceToken });
export const DeviceTokenRegistered = Type.Object({
  platform: Platform,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

/** PushSubscription.toJSON() of a browser (its endpoint and keys); expirationTime is accepted and ignored. */
export const WebPushSubscriptionBody = Type.Object({
  endpoint: Type.String({
    minLength: 1,
    maxLength: 2048,
    pattern: '^[!-~]+$',
    description: 'The push service URL the browser gave: https on the default port, to a public host (never a private, loopback or local address)',
  }),
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  keys: Type.Object({
    p256dh: Type.String({ pattern: '^B[A-Za-z0-9_-]{86}=?$', description: "The browser's P-256 public key, uncompressed, base64url (65 bytes)" }),
    auth: Type.String({ pattern: '^[A-Za-z0-9_-]{22}(==)?$', description: 'The auth secret, base64url (16 bytes)' }),
  }),
});
export const WebPushEndpointBody = Type.Object({ endpoint: Type.String({ minLength: 1, maxLength: 2048, pattern: '^[!-~]+$' }) });
export const WebPushSubscribed = Type.Object({
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export const WebPushConfig = Type.Object({
  enabled: Type.Boolean({ description: 'False when the service has no VAPID keys: browsers cannot subscribe' }),
  publicKey: Type.Union([Type.String(), Type.Null()], { description: 'The VAPID public key (applicationServerKey), base64url; null when off' }),
});

/** Every type has its preferences: a type added to the union above is one a user can turn off. */
export const NOTIFICATION_TYPES: readonly NotificationType[] = NotificationTypeSchema.anyOf.map((member) => member.const);

const Channels = Type.Object({
  inApp: Type.Boolean({ description: 'Written to the list, the unread count and the stream' }),
  push: Type.Boolean({ description: 'Sent to your registered devices' }),
});
const ChannelsPatch = Type.Object({ inApp: Type.Optional(Type.Boolean()), push: Type.Optional(Type.Boolean()) });
const LocalTime = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:mm in the service time zone' });
export const QuietHours = Type.Object(
  { start: LocalTime, end: LocalTime },
  {
    description: 'No push from start (inclusive) to end (exclusive), in the service time zone; may span midnight; start and end differ',
  },
);

export const NotificationPreferences = Type.Object({
  types: Type.Object(Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, Channels])) as Record<NotificationType, typeof Channels>),
  quietHours: Type.Union([QuietHours, Type.Null()]),
  timeZone: Type.String({ description: 'The time zone quiet hours are read in (APP_TIME_ZONE)' }),
  mutedGameIds: Type.Array(Type.String({ format: 'uuid' }), { description: 'Games you hear nothing about, in the app or on the phone' }),
  pushOnly: Type.Array(NotificationTypeSchema, {
    description: "Types that are only ever pushed (chat messages: each game's chat counts them unread); their inApp setting has no effect",
  }),
});

export const MAX_MUTED_GAMES = 500;

export const NotificationPreferencesPatch = Type.Object(
  {
    types: Type.Optional(
      Type.Partial(Type.Object(Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, ChannelsPatch])) as Record<NotificationType, typeof ChannelsPatch>)),
    ),
    quietHours: Type.Optional(Type.Union([QuietHours, Type.Null()])),
    mutedGameIds: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: MAX_MUTED_GAMES, uniqueItems: true })),
  },
  {
    description:
      'Present fields replace, absent ones stay; a type lists only the channels it changes; quietHours null turns them off; an unknown type or channel in types is refused (400 naming it)',
  },
);
export type PreferencesPatch = Static<typeof NotificationPreferencesPatch>;
