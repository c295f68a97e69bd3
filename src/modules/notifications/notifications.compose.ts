import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { DatabaseHandle } from '../../platform/db/index.ts';
import { NotificationsService, type NotificationsServiceDeps } from './notifications.service.ts';
import { listenForSignals } from './notifications.signals.ts';
import { NotificationStreams } from './notifications.stream.ts';
import { LoggingPushGateway, type PushGateway } from './push.ts';

export interface NotificationsModule {
  notifications: NotificationsService;
  streams: NotificationStreams;
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
  push?: PushGateway;
  /** A user's display name, in the transaction of the change (join and leave texts name the player). */
  nameOf?: NotificationsServiceDeps['nameOf'];
  /** Which users still have an account: open streams of deleted accounts end. */
  liveUsers(userIds: string[]): Promise<Set<string>>;
  /** Heartbeat and stream sweep interval (tests shorten it). */
  streamHeartbeatMs?: number;
}

/**
 * The service, this instance's streams, and the listener joining them: a committed notification's
 * signal wakes the recipient's streams here and claims its push (one instance wins each row).
 */
export async function createNotificationsModule(deps: NotificationsModuleDeps): Promise<NotificationsModule> {
  const { database, log } = deps;
  const notifications = new NotificationsService({
    db: database.db, clock: deps.clock, log, timeZone: deps.timeZone, push: deps.push ?? new LoggingPushGateway(log), nameOf: deps.nameOf,
  });
  const streams = new NotificationStreams({
    after: (userId, seq, limit) => notifications.after(userId, seq, limit),
    liveUsers: deps.liveUsers, clock: deps.clock, log, heartbeatMs: deps.streamHeartbeatMs,
  });
  const listener = await listenForSignals(database, log);
  let closed = false;
  listener.subscribe((userId) => {
    if (closed) return;
    streams.wake(userId);
    if (userId !== null) {
      notifications.pushPending(userId).catch((error: Error) => log.warn({ err: { type: error.name } }, 'could not claim notifications for push'));
    }
  });
  return {
    notifications,
    streams,
    endStreams: () => streams.closeAll(),
    close: async () => {
      closed = true;
      streams.closeAll();
      await listener.close();
    },
  };
}
