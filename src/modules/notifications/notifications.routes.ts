import type { OutgoingHttpHeaders } from 'node:http';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { userRoute } from '../../platform/http/openapi.ts';
import { NoContent, created, noContent } from '../../platform/http/replies.ts';
import { OffsetPage, OffsetQuery, presentPage } from '../../platform/http/pagination.ts';
import { presentDeviceToken, presentNotification } from './notifications.presenter.ts';
import {
  DeviceTokenBody,
  DeviceTokenQuery,
  DeviceTokenRegistered,
  Notification,
  NotificationIdParams,
  NotificationPreferences,
  NotificationPreferencesPatch,
  ReadAllResult,
  StreamHeaders,
  UnreadCount,
} from './notifications.schemas.ts';
import type { NotificationsService } from './notifications.service.ts';
import { acceptsEventStream, HEARTBEAT_MS, MAX_STREAMS_PER_USER, type NotificationStreams } from './notifications.stream.ts';
import { signedIn } from '../access/index.ts';

export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
  streams: NotificationStreams;
}

export async function notificationsRoutes(app: TypedApp, { notifications, streams }: NotificationsRoutesOptions) {
  app.get(
    '/api/v1/notifications',
    {
      schema: userRoute('notifications', 'Your notifications, newest first', {
        querystring: OffsetQuery,
        response: { 200: Envelope(OffsetPage(Notification)) },
      }),
    },
    async (request) =>
      envelope(request, presentPage(await notifications.page(signedIn(request).userId, request.query), presentNotification, request.query), 'Notifications'),
  );

  app.get(
    '/api/v1/notifications/unread-count',
    {
      schema: userRoute('notifications', 'How many of your notifications are unread', { response: { 200: Envelope(UnreadCount) } }),
    },
    async (request) => envelope(request, { count: await notifications.unreadCount(signedIn(request).userId) }, 'Unread count'),
  );

  app.get(
    '/api/v1/notifications/stream',
    {
      schema: userRoute('notifications', 'New notifications as server-sent events', {
        headers: StreamHeaders,
        description:
          'text/event-stream (the request must accept it, else 406). Each event: `id` (an opaque resume point) and `data` (the notification as JSON). A comment every 15 s keeps the ' +
          'connection alive. Reconnecting with `Last-Event-ID` replays every notification committed after that event, once each and in the same order. The stream ends when the access token that opened it expires ' +
          'or the account is deleted; at most 5 streams per user at once (else 429 `too_many_streams`).',
      }),
    },
    async (request, reply) => {
      if (!acceptsEventStream(request.headers.accept)) {
        throw new AppError(406, 'not_acceptable', 'This endpoint answers text/event-stream only; send Accept: text/event-stream.');
      }
      // HEAD (added by Fastify for every GET) only asks about the headers: no stream to hold open.
      if (request.method === 'HEAD') return reply.code(200).header('content-type', 'text/event-stream; charset=utf-8').send();
      const userId = signedIn(request).userId;
      const after = await notifications.streamStart(userId, request.headers['last-event-id']);
      if (!streams.hasRoom(userId)) {
        throw new AppError(429, 'too_many_streams', `At most ${MAX_STREAMS_PER_USER} notification streams may be open at once; close one first.`, {
          // A stream that ended is let go within a heartbeat, so that is when a place may be free.
          headers: { 'retry-after': String(HEARTBEAT_MS / 1000) },
        });
      }
      const expiresAt = new Date((signedIn(request).claims.exp ?? 0) * 1000);
      // The response is written by hand from here: Fastify's serialisation and onSend hooks do not apply.
      reply.hijack();
      streams.open(request.raw, reply.raw, { userId, after, expiresAt }, reply.getHeaders() as OutgoingHttpHeaders);
    },
  );

  app.put(
    '/api/v1/notifications/read-all',
    {
      schema: userRoute('notifications', 'Mark all your notifications read', { response: { 200: Envelope(ReadAllResult) } }),
    },
    async (request) => envelope(request, { updated: await notifications.markAllRead(signedIn(request).userId) }, 'All notifications read'),
  );

  app.put(
    '/api/v1/notifications/:id/read',
    {
      schema: userRoute('notifications', 'Mark a notification read (idempotent)', {
        params: NotificationIdParams,
        response: { 200: Envelope(Notification) },
      }),
    },
    async (request) => envelope(request, presentNotification(await notifications.markRead(signedIn(request).userId, request.params.id)), 'Notification read'),
  );

  app.delete(
    '/api/v1/notifications/:id',
    {
      schema: userRoute('notifications', 'Delete a notification', { params: NotificationIdParams, response: NoContent }),
    },
    async (request, reply) => noContent(reply, notifications.remove(signedIn(request).userId, request.params.id)),
  );

  app.post(
    '/api/v1/device-tokens',
    {
      schema: userRoute('notifications', 'Register a device for push (idempotent)', {
        body: DeviceTokenBody,
        response: { 201: Envelope(DeviceTokenRegistered) },
      }),
    },
    async (request, reply) => {
      const row = await notifications.registerDevice(signedIn(request).userId, request.body.deviceToken, request.body.platform);
      return created(reply, envelope(request, presentDeviceToken(row), 'Device registered'));
    },
  );

  app.delete(
    '/api/v1/device-tokens',
    {
      schema: userRoute('notifications', 'Unregister a device (204 whether or not it was registered)', {
        querystring: DeviceTokenQuery,
        response: NoContent,
      }),
    },
    async (request, reply) => noContent(reply, notifications.unregisterDevice(signedIn(request).userId, request.query.deviceToken)),
  );

  app.get(
    '/api/v1/me/notification-preferences',
    {
      schema: userRoute('notifications', 'What you are told about, and how', {
        description:
          'Per notification type: in the app (list, unread count, stream) and push to your devices. Quiet hours hold back push only. A muted game tells you nothing.',
        response: { 200: Envelope(NotificationPreferences) },
      }),
    },
    async (request) => envelope(request, await notifications.preferences.get(signedIn(request).userId), 'Notification preferences'),
  );

  app.put(
    '/api/v1/me/notification-preferences',
    {
      schema: userRoute('notifications', 'Change what you are told about (a patch)', {
        body: NotificationPreferencesPatch,
        response: { 200: Envelope(NotificationPreferences) },
      }),
    },
    async (request) => envelope(request, await notifications.preferences.update(signedIn(request).userId, request.body), 'Notification preferences saved'),
  );
}
