import type { FastifyBaseLogger } from 'fastify';
import { freshRead } from '../../platform/cache/fresh-read.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { OffsetRequest } from '../../platform/http/pagination.ts';
import type { GameEvents, UpcomingGame } from '../games/index.ts';
import { parseEventId, type Position } from './notifications.position.ts';
import { NotificationsRepository, type DeviceTokenRow, type NotificationRow } from './notifications.repository.ts';
import type { NotificationType } from './notifications.schemas.ts';
import { coalesceKey } from './notifications.coalesce.ts';
import { chatWhere, describe, type TextDetails } from './notifications.texts.ts';
import { PreferencesService } from './preferences.service.ts';
import { WebPushSubscriptions } from './push.subscriptions.ts';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * MINUTE_MS * 60;
export type ChatPushType = 'CHAT_HOSTING' | 'CHAT_PLAYING' | 'CHAT_MENTION';
const CHAT_TYPES: ChatPushType[] = ['CHAT_HOSTING', 'CHAT_PLAYING', 'CHAT_MENTION'];
/** Retention (cleanup job): read notifications go after 90 days, any notification after a year. */
const READ_RETENTION_MS = 90 * DAY_MS;
const MAX_RETENTION_MS = 365 * DAY_MS;
/** A reminder row only has to outlive the game's start; after this a rescheduled game may be reminded again. */
const REMINDER_RETENTION_MS = 30 * DAY_MS;
/** Stream events (drizzle/0028) only let a stream catch up after a reconnect; a client away longer refetches. */
const STREAM_EVENT_RETENTION_MS = 2 * DAY_MS;

export interface NotificationsServiceDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** APP_TIME_ZONE: reminder texts give the start time in it (and quiet hours are read in it). */
  timeZone: string;
  preferences?: PreferencesService;
  /** MAX_DEVICES_PER_USER (default 10). */
  maxDevicesPerUser?: number;
  /** NOTIFICATION_COALESCE_MINUTES in seconds (default 10 minutes; 0: never coalesce). */
  coalesceSeconds?: number;
  /** The player's display name for join and leave texts, read in the change's transaction. */
  nameOf?: (userId: string, executor: Executor) => Promise<string | null | undefined>;
  /** VAPID_PUBLIC_KEY (undefined: web push off), and whether loopback endpoints are accepted (test profile). */
  webPush?: { publicKey: string | undefined; allowLoopback: boolean };
}

const notificationNotFound = () => notFound('The notification was not found.', 'notification_not_found');

export class NotificationsService implements GameEvents {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #startFormat: Intl.DateTimeFormat;
  readonly #nameOf: NonNullable<NotificationsServiceDeps['nameOf']>;
  readonly #maxDevices: number;
  readonly #coalesceSeconds: number;
  /**
   * Where streams without Last-Event-ID start: the horizon is the database's, not a user's, so the
   * opens arriving while one read is in flight share the next (sent after they asked, so never
   * older than the open): a burst of thousands costs a few statements, not one each.
   */
  readonly #horizon: () => Promise<Position>;
  readonly preferences: PreferencesService;
  /** Browsers' web push subscriptions (devices of platform WEB_PUSH). */
  readonly webPush: WebPushSubscriptions;

  constructor(deps: NotificationsServiceDeps) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#nameOf = deps.nameOf ?? (async () => null);
    this.#maxDevices = deps.maxDevicesPerUser ?? 10;
    this.#coalesceSeconds = deps.coalesceSeconds ?? 600;
    this.#horizon = freshRead(() => new NotificationsRepository(this.#db).horizon());
    this.preferences = deps.preferences ?? new PreferencesService({ db: deps.db, clock: deps.clock, timeZone: deps.timeZone });
    this.webPush = new WebPushSubscriptions({
      db: deps.db,
      clock: deps.clock,
      maxDevices: this.#maxDevices,
      ...(deps.webPush ?? { publicKey: undefined, allowLoopback: false }),
    });
    this.#startFormat = new Intl.DateTimeFormat('en-GB', {
      timeZone: deps.timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
  }

  // Producing

  /** GameEvents: runs inside the games transaction, so the rows (and the signal) commit or roll back with the change. */
  async emit(
    event: {
      type: NotificationType;
      gameId: string;
      actorId?: string;
      recipients: string[];
      title?: string | null;
      waitlisted?: boolean;
      leaveFreeUntil?: Date;
      /** Texts of the money notices (PAYMENT_REMINDER, PAYMENT_SUMMARY). */
      money?: Pick<TextDetails, 'owed' | 'outstanding'>;
    },
    executor: Executor,
  ): Promise<void> {
    const aboutPlayer = event.actorId !== undefined && (event.type === 'PLAYER_JOINED' || event.type === 'PLAYER_LEFT');
    const playerName = aboutPlayer && event.actorId ? await this.#nameOf(event.actorId, executor) : undefined;
    await this.#write(
      executor,
      event.type,
      event.gameId,
      [...new Set(event.recipients)],
      describe(event.type, event.title, {
        playerName,
        waitlisted: event.waitlisted,
        leaveFreeUntil: event.leaveFreeUntil && this.#startFormat.format(event.leaveFreeUntil),
        ...event.money,
      }),
      coalesceKey(event.type, event.actorId),
    );
  }

  /** A notification about a series (an invitation to it, a regular removed): in the caller's transaction, like emit, and coalesced alike. */
  async emitForSeries(
    event: { type: NotificationType; seriesId: string; actorId?: string; recipients: string[]; title?: string | null },
    executor: Executor,
  ): Promise<void> {
    const recipients = [...new Set(event.recipients)];
    if (recipients.length === 0) return;
    await new NotificationsRepository(executor).writeForSeries({
      type: event.type,
      seriesId: event.seriesId,
      recipients,
      ...describe(event.type, event.title),
      createdAt: this.#clock.now(),
      minute: this.preferences.minuteNow(),
      coalesceKey: coalesceKey(event.type, event.actorId),
      windowSeconds: this.#coalesceSeconds,
    });
  }

  /**
   * A chat message's pushes, in the message's transaction (notify_chat, drizzle/0029): at most one
   * per recipient, game and clock minute, sent when the minute is over and saying how many messages.
   */
  async chatMessage(
    event: { gameId: string; title: string | null; recipients: Array<{ userId: string; type: ChatPushType }> },
    executor: Executor,
  ): Promise<void> {
    if (event.recipients.length === 0) return;
    const at = this.#clock.now();
    const bucket = new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
    await new NotificationsRepository(executor).writeForChat({
      gameId: event.gameId,
      recipients: event.recipients,
      titles: Object.fromEntries(CHAT_TYPES.map((type) => [type, describe(type, event.title).title])),
      where: chatWhere(event.title),
      at,
      minute: this.preferences.minuteNow(),
      bucket,
      due: new Date(bucket.getTime() + MINUTE_MS),
    });
  }

  /**
   * One GAME_REMINDER per ACTIVE player of the game, ever: the reminder row's primary key decides,
   * and the notification is written only for the rows this run inserted (same transaction).
   */
  async remind(game: UpcomingGame): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const fresh = await new NotificationsRepository(tx).recordReminders(game.gameId, game.playerIds, this.#clock.now());
      if (fresh.length === 0) return 0;
      const text = describe('GAME_REMINDER', game.title, { startsAt: this.#startFormat.format(game.startTime) });
      await this.#write(tx, 'GAME_REMINDER', game.gameId, fresh, text);
      return fresh.length;
    });
  }

  /**
   * GameEvents: the actor's name read now; the texts (each with its coalescing key, as the actor's
   * acts through emit have), the quiet-hours minute and the window once the game's title is known.
   */
  async prepare(actorId: string) {
    const playerName = await this.#nameOf(actorId, this.#db);
    return (title: string | null, wanted: Record<string, { type: NotificationType; waitlisted?: boolean }>) => {
      const texts: Record<string, [string, string, string | null]> = {};
      for (const [key, { type, waitlisted }] of Object.entries(wanted)) {
        const text = describe(type, title, { playerName, waitlisted });
        texts[key] = [text.title, text.message, coalesceKey(type, actorId)];
      }
      return { texts, minute: this.preferences.minuteNow(), windowSeconds: this.#coalesceSeconds };
    };
  }

  /**
   * The rows, their push outbox rows and the signal, all in the caller's transaction, in one
   * statement (`notify_game`, drizzle/0012): each recipient's preferences decide, in the app (a
   * listed row), on the phone (outbox rows for their devices), both, or nothing at all. A
   * push-only row is stored read and never listed. With a coalescing key, a repeat of the same kind
   * of act by the same actor within the window updates the recipient's earlier row instead (no push).
   */
  async #write(
    executor: Executor,
    type: NotificationType,
    gameId: string,
    recipients: string[],
    text: { title: string; message: string },
    key: string | null = null,
  ): Promise<void> {
    if (recipients.length === 0) return;
    await new NotificationsRepository(executor).writeForGame({
      type,
      gameId,
      recipients,
      ...text,
      createdAt: this.#clock.now(),
      minute: this.preferences.minuteNow(),
      coalesceKey: key,
      windowSeconds: this.#coalesceSeconds,
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
    if (!(await new NotificationsRepository(this.#db).delete(userId, id))) throw notificationNotFound();
  }

  /**
   * Where a stream starts: after the client's last event id, or (no id) at the horizon, so only
   * notifications committed from now on are sent (opens at once share horizon reads).
   */
  async streamStart(userId: string, lastEventId: string | undefined): Promise<Position> {
    if (lastEventId === undefined) return this.#horizon();
    const parsed = parseEventId(lastEventId);
    return 'legacySeq' in parsed ? new NotificationsRepository(this.#db).legacyPosition(userId, parsed.legacySeq) : parsed;
  }

  /** What each stream has not sent yet, for many streams in one read (NotificationsRepository.after). */
  after(reads: ReadonlyArray<{ userId: string; position: Position }>, limit: number): Promise<Array<{ rows: NotificationRow[]; heldBack: boolean }>> {
    return new NotificationsRepository(this.#db).after(reads, limit);
  }

  // Devices and push

  /** At most MAX_DEVICES_PER_USER devices: one more evicts the least recently registered. */
  registerDevice(userId: string, deviceToken: string, platform: DeviceTokenRow['platform']): Promise<DeviceTokenRow> {
    return this.#db.transaction((tx) => new NotificationsRepository(tx).saveDeviceToken(userId, deviceToken, platform, this.#clock.now(), this.#maxDevices));
  }

  unregisterDevice(userId: string, deviceToken: string): Promise<void> {
    return new NotificationsRepository(this.#db).deleteDeviceToken(userId, deviceToken);
  }

  // Housekeeping (cleanup job)

  /** Retention of notifications (their queued pushes go with them) and reminder rows. */
  async cleanup(): Promise<number> {
    const now = this.#clock.now().getTime();
    const repository = new NotificationsRepository(this.#db);
    const purged = await repository.purge(new Date(now - READ_RETENTION_MS), new Date(now - MAX_RETENTION_MS));
    const reminders = await repository.purgeReminders(new Date(now - REMINDER_RETENTION_MS));
    const events = await repository.purgeStreamEvents(new Date(now - STREAM_EVENT_RETENTION_MS));
    const batches = await repository.purgeChatBatches(new Date(now - DAY_MS));
    return purged + reminders + events + batches;
  }

  /** Hard-deleting a game: its reminder rows and stream events go (the notifications stay, as history). */
  async forgetGame(gameId: string, executor: Executor): Promise<void> {
    await new NotificationsRepository(executor).deleteRemindersForGame(gameId);
    await new NotificationsRepository(executor).deleteStreamEventsOfGame(gameId);
  }

  /** Account deletion erases the user's notifications (and queued pushes), devices, reminder rows and preferences. */
  async forgetUser(userId: string, executor: Executor): Promise<void> {
    await new NotificationsRepository(executor).deleteForUser(userId);
    await this.preferences.forgetUser(userId, executor);
  }
}
