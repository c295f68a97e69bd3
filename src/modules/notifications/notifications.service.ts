import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { OffsetRequest } from '../../platform/http/pagination.ts';
import type { GameEvents, UpcomingGame } from '../games/index.ts';
import { NotificationsRepository, type DeviceTokenRow, type NotificationRow } from './notifications.repository.ts';
import type { NotificationType } from './notifications.schemas.ts';
import { describe } from './notifications.texts.ts';
import type { PushGateway } from './push.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Retention (cleanup job): read notifications go after 90 days, any notification after a year. */
const READ_RETENTION_MS = 90 * DAY_MS;
const MAX_RETENTION_MS = 365 * DAY_MS;
/** A reminder row only has to outlive the game's start; after this a rescheduled game may be reminded again. */
const REMINDER_RETENTION_MS = 30 * DAY_MS;
/** Rows no instance pushed this long after creation (it crashed between commit and push) are swept by cleanup. */
const PUSH_SWEEP_AFTER_MS = 60 * 1000;

export interface NotificationsServiceDeps {
  db: Database;
  clock: Clock;
  push: PushGateway;
  log: FastifyBaseLogger;
  /** APP_TIME_ZONE: reminder texts give the start time in it. */
  timeZone: string;
  /** The player's display name for join and leave texts, read in the change's transaction. */
  nameOf?: (userId: string, executor: Executor) => Promise<string | null | undefined>;
}

const notificationNotFound = () => notFound('The notification was not found.', 'notification_not_found');

export class NotificationsService implements GameEvents {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #push: PushGateway;
  readonly #log: FastifyBaseLogger;
  readonly #startFormat: Intl.DateTimeFormat;
  readonly #nameOf: NonNullable<NotificationsServiceDeps['nameOf']>;

  constructor(deps: NotificationsServiceDeps) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#push = deps.push;
    this.#log = deps.log;
    this.#nameOf = deps.nameOf ?? (async () => null);
    this.#startFormat = new Intl.DateTimeFormat('en-GB', { timeZone: deps.timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false });
  }

  // Producing

  /** GameEvents: runs inside the games transaction, so the rows (and the signal) commit or roll back with the change. */
  async emit(event: { type: NotificationType; gameId: string; actorId: string; recipients: string[]; title?: string | null; waitlisted?: boolean }, executor: Executor): Promise<void> {
    const aboutPlayer = event.type === 'PLAYER_JOINED' || event.type === 'PLAYER_LEFT';
    const playerName = aboutPlayer ? await this.#nameOf(event.actorId, executor) : undefined;
    const text = describe(event.type, event.title, { playerName, waitlisted: event.waitlisted });
    const createdAt = this.#clock.now();
    const repository = new NotificationsRepository(executor);
    await repository.insertMany([...new Set(event.recipients)].map((userId) => ({
      userId, type: event.type, ...text, resourceType: 'GAME' as const, resourceId: event.gameId, createdAt,
    })));
    await repository.signal(event.recipients);
  }

  /**
   * One GAME_REMINDER per ACTIVE player of the game, ever: the reminder row's primary key decides,
   * and the notification is written only for the rows this run inserted (same transaction).
   */
  async remind(game: UpcomingGame): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const repository = new NotificationsRepository(tx);
      const now = this.#clock.now();
      const fresh = await repository.recordReminders(game.gameId, game.playerIds, now);
      if (fresh.length === 0) return 0;
      const text = describe('GAME_REMINDER', game.title, { startsAt: this.#startFormat.format(game.startTime) });
      await repository.insertMany(fresh.map((userId) => ({
        userId, type: 'GAME_REMINDER', ...text, resourceType: 'GAME' as const, resourceId: game.gameId, createdAt: now,
      })));
      await repository.signal(fresh);
      return fresh.length;
    });
  }

  // Reading

  async page(userId: string, page: OffsetRequest): Promise<{ rows: NotificationRow[]; total: number }> {
    return new NotificationsRepository(this.#db).page(userId, page.size, page.page * page.size);
  }

  unreadCount(userId: string): Promise<number> {
    return new NotificationsRepository(this.#db).unreadCount(userId);
  }

  async markRead(userId: string, id: string): Promise<NotificationRow> {
    const row = await new NotificationsRepository(this.#db).markRead(userId, id, this.#clock.now());
    if (!row) throw notificationNotFound();
    return row;
  }

  markAllRead(userId: string): Promise<number> {
    return new NotificationsRepository(this.#db).markAllRead(userId, this.#clock.now());
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!await new NotificationsRepository(this.#db).delete(userId, id)) throw notificationNotFound();
  }

  /** Where a new stream starts when the client does not resume: after everything already there. */
  latestSeq(userId: string): Promise<number> {
    return new NotificationsRepository(this.#db).latestSeq(userId);
  }

  after(userId: string, seq: number, limit: number): Promise<NotificationRow[]> {
    return new NotificationsRepository(this.#db).after(userId, seq, limit);
  }

  // Devices and push

  registerDevice(userId: string, deviceToken: string, platform: DeviceTokenRow['platform']): Promise<DeviceTokenRow> {
    return new NotificationsRepository(this.#db).saveDeviceToken(userId, deviceToken, platform, this.#clock.now());
  }

  unregisterDevice(userId: string, deviceToken: string): Promise<void> {
    return new NotificationsRepository(this.#db).deleteDeviceToken(userId, deviceToken);
  }

  /**
   * After commit (on the signal): hands the user's unpushed notifications to the gateway. Every
   * instance gets the signal; the claim lets one of them push each row.
   */
  async pushPending(userId: string): Promise<number> {
    const rows = await new NotificationsRepository(this.#db).claimUnpushed({ userId }, this.#clock.now());
    return this.#send(rows);
  }

  async #send(rows: NotificationRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const tokens = await new NotificationsRepository(this.#db).tokensOf(rows.map((row) => row.userId));
    for (const row of rows) {
      const targets = tokens.filter((token) => token.userId === row.userId).map((token) => ({ deviceToken: token.deviceToken, platform: token.platform }));
      if (targets.length === 0) continue;
      try {
        await this.#push.send({
          notificationId: row.id, type: row.type, title: row.title, message: row.message, resourceType: row.resourceType, resourceId: row.resourceId,
        }, targets);
      } catch (error) {
        // Push is best effort: the notification itself is stored and streamed regardless.
        this.#log.warn({ err: { type: (error as Error).name }, notificationType: row.type }, 'push gateway failed');
      }
    }
    return rows.length;
  }

  // Housekeeping (cleanup job)

  /** Retention of notifications and reminder rows, and a sweep of pushes a crashed instance left behind. */
  async cleanup(): Promise<number> {
    const now = this.#clock.now().getTime();
    const repository = new NotificationsRepository(this.#db);
    const purged = await repository.purge(new Date(now - READ_RETENTION_MS), new Date(now - MAX_RETENTION_MS));
    const reminders = await repository.purgeReminders(new Date(now - REMINDER_RETENTION_MS));
    const swept = await this.#send(await repository.claimUnpushed({ createdBefore: new Date(now - PUSH_SWEEP_AFTER_MS) }, new Date(now)));
    return purged + reminders + swept;
  }

  /** Hard-deleting a game: its reminder rows go (the notifications stay, as history). */
  forgetGame(gameId: string, executor: Executor): Promise<void> {
    return new NotificationsRepository(executor).deleteRemindersForGame(gameId);
  }

  /** Account deletion erases the user's notifications, devices and reminder rows. */
  forgetUser(userId: string, executor: Executor): Promise<void> {
    return new NotificationsRepository(executor).deleteForUser(userId);
  }
}
