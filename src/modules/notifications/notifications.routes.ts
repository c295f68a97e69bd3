import type { OutgoingHttpHeaders } from 'node:http';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { AppError } from '../../platform/http/errors.ts';
import { userRoute } from '../../platform/http/openapi.ts';
import { userRouteSet } from '../../platform/http/route-set.ts';
import { presentPage } from '../../platform/http/pagination.ts';
import { presentDeviceToken, presentNotification, presentWebPushSubscription } from './notifications.presenter.ts';
import { NotificationsApi } from './notifications.api.ts';
import { StreamHeaders } from './notifications.schemas.ts';
import type { NotificationsService } from './notifications.service.ts';
import { acceptsEventStream, HEARTBEAT_MS, MAX_STREAMS_PER_USER, type NotificationStreams } from './notifications.stream.ts';
import { signedIn } from '../access/index.ts';

export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
  streams: NotificationStreams;
}

export async function notificationsRoutes(app: TypedApp, { notifications, streams }: NotificationsRoutesOptions) {
  const routes = userRouteSet(app, 'notifications', signedIn);

  routes.get('/api/v1/notifications', NotificationsApi.list, async (request, { userId }) =>
    presentPage(await notifications.page(userId, request.query), presentNotification, request.query),
  );
  routes.get('/api/v1/notifications/unread-count', NotificationsApi.unreadCount, async (_request, { userId }) => ({
    count: await notifications.unreadCount(userId),
  }));

  streamRoute(app, notifications, streams);

  routes.put('/api/v1/notifications/read-all', NotificationsApi.readAll, async (_request, { userId }) => ({
    updated: await notifications.markAllRead(userId),
  }));
  routes.put('/api/v1/notifications/:id/read', NotificationsApi.read, async (request, { userId }) =>
    presentNotification(await notifications.markRead(userId, request.params.id)),
  );
  routes.delete('/api/v1/notifications/:id', NotificationsApi.remove, (request, { userId }) => notifications.remove(userId, request.params.id));

  routes.post('/api/v1/device-tokens', NotificationsApi.registerDevice, async (request, { userId }) =>
    presentDeviceToken(await notifications.registerDevice(userId, request.body.deviceToken, request.body.platform)),
  );
  routes.delete('/api/v1/device-tokens', NotificationsApi.unregisterDevice, (request, { userId }) =>
    notifications.unregisterDevice(userId, request.query.deviceToken),
  );

  routes.get('/api/v1/push/web-config', NotificationsApi.webPushConfig, async () => notifications.webPush.config());
  routes.post('/api/v1/me/push-subscriptions', NotificationsApi.subscribeWebPush, async (request, { userId }) =>
    presentWebPushSubscription(await notifications.webPush.subscribe(userId, request.body)),
  );
  routes.delete('/api/v1/me/push-subscriptions', NotificationsApi.unsubscribeWebPush, (request, { userId }) =>
    notifications.webPush.unsubscribe(userId, request.body.endpoint),
  );

  routes.get('/api/v1/me/notification-preferences', NotificationsApi.preferences, (_request, { userId }) => notifications.preferences.get(userId));
  routes.put('/api/v1/me/notification-preferences', NotificationsApi.changePreferences, (request, { userId }) =>
    notifications.preferences.update(userId, request.body),
  );
}

/** The server-sent event stream: written by hand, so it is declared on the app itself. */
function streamRoute(app: TypedApp, notifications: NotificationsService, streams: NotificationStreams) {
  app.get(
    '/api/v1/notifications/stream',
    {
      schema: userRoute('notifications', 'New notifications as server-sent events', {
        headers: StreamHeaders,
        description:
          'text/event-stream (the request must accept it, else 406). Each event: `id` (an opaque resume point) and `data` (the notification as JSON). ' +
          `A comment every ${HEARTBEAT_MS / 1000} s keeps the connection alive. Reconnecting with \`Last-Event-ID\` replays every notification committed after that event, ` +
          'once each and in the same order. The stream ends when the access token that opened it expires or the account is deleted; ' +
          `at most ${MAX_STREAMS_PER_USER} streams per user at once and STREAMS_MAX_PER_ADDRESS per client address, an IPv6 client by its /64 (else 429 \`too_many_streams\`), ` +
          'STREAMS_MAX_PER_INSTANCE per instance (else 503 `streams_unavailable`).',
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
      const refusal = streams.refusal(userId, request.ip);
      // A stream that ended is let go within a heartbeat, so that is when a place may be free.
      const retry = { headers: { 'retry-after': String(HEARTBEAT_MS / 1000) } };
      if (refusal === 'user') {
        throw new AppError(429, 'too_many_streams', `At most ${MAX_STREAMS_PER_USER} notification streams may be open at once; close one first.`, retry);
      }
      if (refusal === 'address')
        throw new AppError(429, 'too_many_streams', 'Too many notification streams are open from this address; close one first.', retry);
      if (refusal === 'instance')
        throw new AppError(503, 'streams_unavailable', 'This server holds as many notification streams as it can; try again shortly.', retry);
      const expiresAt = new Date((signedIn(request).claims.exp ?? 0) * 1000);
      // The response is written by hand from here: Fastify's serialisation and onSend hooks do not apply.
      reply.hijack();
      streams.open(request.raw, reply.raw, { userId, after, expiresAt, address: request.ip }, reply.getHeaders() as OutgoingHttpHeaders);
    },
  );
}
