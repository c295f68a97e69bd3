import type { FastifyBaseLogger } from 'fastify';
import type { PushConfig } from '../../config/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DatabaseHandle } from '../../platform/db/index.ts';
import type { Spans } from '../../platform/observability/spans.ts';
import { NotificationsService, type NotificationsServiceDeps } from './notifications.service.ts';
import { listenForSignals } from './notifications.signals.ts';
import { NotificationStreams } from './notifications.stream.ts';
import { PushDelivery } from './push.delivery.ts';
import { FcmPushGateway } from './push.fcm.ts';
import { LoggingPushGateway, PlatformPushGateway, type PushGateway } from './push.ts';
import { WebPushGateway } from './push.web.ts';

export interface NotificationsModule {
  notifications: NotificationsService;
  streams: NotificationStreams;
  /** The push outbox's sender on this instance. */
  delivery: PushDelivery;
  /** Starts sending queued pushes (with the server; stopped by close). */
  startDelivery(): void;
  /** Ends the open streams: before the server closes (it waits for their connections). */
  endStreams(): void;
  /** Stops listening: before the database closes. */
  close(): Promise<void>;
}

export interface NotificationsModuleDeps {
  database: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  timeZone: string;
  /** FCM credentials and base URL; undefined: pushes are only logged. */
  fcm: PushConfig['fcm'];
  /** VAPID keys; undefined: web push is off. */
  vapid: PushConfig['vapid'];
  /** The test profile: web push may go to a loopback http endpoint (the tests' local push service). */
  webPushLoopback: boolean;
  /** Replaces the gateway the config implies (tests). */
  push?: PushGateway;
  /** MAX_DEVICES_PER_USER and NOTIFICATION_COALESCE_MINUTES (in seconds). */
  maxDevicesPerUser: number;
  coalesceSeconds: number;
  /** A user's display name, in the transaction of the change (join and leave texts name the player). */
  nameOf?: NotificationsServiceDeps['nameOf'];
  /** How often the outbox is polled for retries between signals (tests shorten it). */
  pushPollMs?: number;
  /** Which users still have an account: open streams of deleted accounts end. */
  liveUsers(userIds: string[]): Promise<Set<string>>;
  /**
   * Subscribes to the users' access signal (logout, deletion, role change) from any instance: that
   * user's streams end at once; `null` (the listener was lost and is back): every stream's account is checked.
   */
  accessChanges?: (handler: (userId: string | null) => void) => void;
  /** Heartbeat and stream sweep interval (tests shorten it). */
  streamHeartbeatMs?: number;
  /** Open streams per client address and per instance (STREAMS_MAX_PER_ADDRESS, STREAMS_MAX_PER_INSTANCE). */
  streamLimits?: { perAddress: number; perInstance: number };
  /** Tracing's spans: each push sent is one. */
  spans?: Spans;
}

/**
 * The service, this instance's streams, and the listener joining them: a committed notification's
 * signal wakes the recipient's streams here and this instance's push sender (the outbox claim lets
 * one instance send each row).
 */
export async function createNotificationsModule(deps: NotificationsModuleDeps): Promise<NotificationsModule> {
  const { database, log } = deps;
  const notifications = new NotificationsService({
    db: database.db,
    clock: deps.clock,
    log,
    timeZone: deps.timeZone,
    nameOf: deps.nameOf,
    maxDevicesPerUser: deps.maxDevicesPerUser,
    coalesceSeconds: deps.coalesceSeconds,
    webPush: { publicKey: deps.vapid?.publicKey, allowLoopback: deps.webPushLoopback },
  });
  const native = deps.fcm ? new FcmPushGateway(deps.fcm) : new LoggingPushGateway(log);
  const web = deps.vapid ? new WebPushGateway({ vapid: deps.vapid, allowLoopback: deps.webPushLoopback }) : undefined;
  const gateway = deps.push ?? new PlatformPushGateway(native, web);
  const delivery = new PushDelivery({ db: database.db, clock: deps.clock, gateway, log, pollMs: deps.pushPollMs, spans: deps.spans });
  const streams = new NotificationStreams({
    after: (reads, limit) => notifications.after(reads, limit),
    liveUsers: deps.liveUsers,
    clock: deps.clock,
    log,
    heartbeatMs: deps.streamHeartbeatMs,
    limits: deps.streamLimits,
  });
  const listener = await listenForSignals(database, log);
  let closed = false;
  listener.subscribe((userId) => {
    if (closed) return;
    streams.wake(userId);
    delivery.wake();
  });
  deps.accessChanges?.((userId) => {
    if (closed) return;
    if (userId === null) streams.recheck();
    else streams.endUser(userId);
  });
  return {
    notifications,
    streams,
    delivery,
    startDelivery: () => delivery.start(),
    endStreams: () => streams.closeAll(),
    close: async () => {
      closed = true;
      streams.closeAll();
      await delivery.stop();
      await listener.close();
    },
  };
}
