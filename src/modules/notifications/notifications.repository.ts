import { and, asc, desc, eq, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { arrayParam, type Counted, inAny, Repository } from '../../platform/db/index.ts';
import type { Position } from './notifications.position.ts';
import { chatPushBatches, deviceTokens, gameReminders, notifications } from './notifications.table.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type DeviceTokenRow = typeof deviceTokens.$inferSelect;

/**
 * The oldest transaction still running in this database: rows of older transactions are all
 * committed (or gone). Transactions the statistics view places in another database of the same
 * cluster cannot write here and are skipped, so they hold nobody's stream back; anything not known
 * to be elsewhere counts (an id the view does not show keeps the horizon where it is).
 */
const HORIZON = sql`(SELECT coalesce(
    (SELECT min(x::text::bigint) FROM pg_snapshot_xip(pg_current_snapshot()) AS x
      WHERE x::text::bigint % 4294967296 NOT IN (SELECT a.backend_xid::text::bigint FROM pg_stat_activity a
        WHERE a.backend_xid IS NOT NULL AND a.datname <> current_database())),
    pg_snapshot_xmax(pg_current_snapshot())::text::bigint))`;

/** Channel of the database's NOTIFY: its payload is a recipient's user id ("look for new rows"). */
export const SIGNAL_CHANNEL = 'notifications';

/** A game's or a series' notification, apart from which game or series it is about. */
interface SubjectNotification {
  type: string;
  recipients: string[];
  title: string;
  message: string;
  createdAt: Date;
  minute: number;
  /** Repeats with this key within `windowSeconds` update the recipient's earlier row (drizzle/0019). */
  coalesceKey: string | null;
  windowSeconds: number;
}

export class NotificationsRepository extends Repository {
  /**
   * A game notification for its recipients as their preferences decide, with its outbox rows and
   * the signal on SIGNAL_CHANNEL (delivered on commit, dropped on rollback): `notify_game`, drizzle/0012.
   */
  async writeForGame(n: SubjectNotification & { gameId: string }): Promise<void> {
    await this.#notifySubject('notify_game', n.gameId, n);
  }

  /** A chat message's pushes (notify_chat, drizzle/0029): each recipient with their type; batched per minute. */
  async writeForChat(n: {
    gameId: string;
    recipients: Array<{ userId: string; type: string }>;
    titles: Record<string, string>;
    where: string;
    at: Date;
    minute: number;
    bucket: Date;
    due: Date;
  }): Promise<void> {
    await this.db.execute(
      sql`SELECT notify_chat(${n.gameId}::uuid, ${arrayParam(
        n.recipients.map((r) => r.userId),
        'uuid',
      )}, ${arrayParam(
        n.recipients.map((r) => r.type),
        'text',
      )}, ${JSON.stringify(n.titles)}::jsonb, ${n.where}, ${n.at.toISOString()}::timestamptz, ${n.minute}::int, ${n.bucket.toISOString()}::timestamptz, ${n.due.toISOString()}::timestamptz)`,
    );
  }

  /** The same for a series (notify_series: both share notify_subject, drizzle/0020); games' mutes do not apply. */
  async writeForSeries(n: SubjectNotification & { seriesId: string }): Promise<void> {
    await this.#notifySubject('notify_series', n.seriesId, n);
  }

  async #notifySubject(fn: 'notify_game' | 'notify_series', subjectId: string, n: SubjectNotification): Promise<void> {
    await this.db.execute(
      sql`SELECT ${sql.raw(fn)}(${n.type}, ${subjectId}::uuid, ${arrayParam(n.recipients, 'uuid')}, ${n.title}, ${n.message}, ${n.createdAt.toISOString()}::timestamptz, ${n.minute}::int, ${n.coalesceKey}::text, ${n.windowSeconds}::int)`,
    );
  }

  /**
   * Stream events (drizzle/0028): one row per recipient with that recipient's payload, never listed,
   * counted or pushed, and the signal, in the caller's transaction like the notifications above.
   */
  async writeStreamEvents(e: { event: string; gameId: string; createdAt: Date; recipients: Array<{ userId: string; payload: object }> }): Promise<void> {
    if (e.recipients.length === 0) return;
    const recipients = JSON.stringify(e.recipients.map((r) => ({ user_id: r.userId, payload: r.payload })));
    await this.db.execute(sql`WITH written AS (
        INSERT INTO notifications (user_id, type, title, message, resource_type, resource_id, in_app, is_read, created_at, stream_event, payload)
        SELECT r.user_id, ${e.event}, '', '', 'GAME', ${e.gameId}::uuid, false, true, ${e.createdAt.toISOString()}::timestamptz, ${e.event}, r.payload
        FROM jsonb_to_recordset(${recipients}::jsonb) AS r(user_id uuid, payload jsonb)
        RETURNING user_id)
      SELECT pg_notify(${SIGNAL_CHANNEL}, user_id::text) FROM written`);
  }

  async page(userId: string, limit: number, offset: number): Promise<Counted<NotificationRow>> {
    const where = and(eq(notifications.userId, userId), eq(notifications.inApp, true));
    return this.counted(this.db.select().from(notifications).where(where).orderBy(desc(notifications.seq)).limit(limit).offset(offset), notifications, where);
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true), eq(notifications.isRead, false)));
    return row?.count ?? 0;
  }

  /** Marks read once: a second call keeps the first readAt. Undefined when not the user's. */
  async markRead(userId: string, id: string, now: Date): Promise<NotificationRow | undefined> {
    const [row] = await this.db
      .update(notifications)
      .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.inApp, true)))
      .returning();
    return row;
  }

  async markAllRead(userId: string, now: Date): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ isRead: true, readAt: now })
      .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.inApp, true)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  /**
   * For each (user, position), that user's in-app notifications and stream events after it in
   * (txid, seq) order, up to `limit` each and up to the first one whose transaction is not older
   * than every running one (see notifications.position.ts); `heldBack` says such a row was seen, so
   * the caller should look again shortly. One statement for all of them, answered in their order,
   * under one snapshot and one horizon: a fan-out to thousands of streams is one read, not thousands.
   */
  async after(reads: ReadonlyArray<{ userId: string; position: Position }>, limit: number): Promise<Array<{ rows: NotificationRow[]; heldBack: boolean }>> {
    if (reads.length === 0) return [];
    const numbers = (pick: (position: Position) => number) => `{${reads.map((read) => String(pick(read.position))).join(',')}}`;
    // Each wanted stream's next rows by the (user, txid, seq) index, a page each, then those rows.
    const picked = sql`(SELECT wanted.w_i, n.id AS picked_id, horizon.h FROM (SELECT ${HORIZON} AS h) AS horizon
        CROSS JOIN unnest(${arrayParam(
          reads.map((read) => read.userId),
          'uuid',
        )}, ${numbers((p) => p.txid)}::bigint[], ${numbers((p) => p.seq)}::bigint[]) WITH ORDINALITY AS wanted(w_user, w_txid, w_seq, w_i)
        CROSS JOIN LATERAL (SELECT n.id FROM notifications n
          WHERE n.user_id = wanted.w_user AND (n.in_app OR n.stream_event IS NOT NULL) AND (n.txid, n.seq) > (wanted.w_txid, wanted.w_seq)
          ORDER BY n.txid, n.seq LIMIT ${limit}::int) AS n) AS picked`;
    const found = await this.db
      .select({ wanted: sql<number>`picked.w_i`, row: notifications, ready: sql<boolean>`${notifications.txid} < picked.h` })
      .from(notifications)
      .innerJoin(picked, sql`picked.picked_id = ${notifications.id}`)
      .orderBy(sql`picked.w_i`, asc(notifications.txid), asc(notifications.seq));
    const answers = reads.map(() => ({ rows: [] as NotificationRow[], heldBack: false }));
    for (const item of found) {
      const answer = answers[Number(item.wanted) - 1]!;
      // After a row that is not ready, nothing of this user's is sent yet: it would overtake it.
      if (answer.heldBack || !item.ready) answer.heldBack = true;
      else answer.rows.push(item.row);
    }
    return answers;
  }

  /** Where a stream that does not resume starts: at the horizon, so anything committed from now on is after it. */
  async horizon(): Promise<Position> {
    const [row] = await this.db.select({ xmin: sql<string | number>`${HORIZON}` }).from(sql`(SELECT 1) AS one`);
    return { txid: Number(row?.xmin ?? 0), seq: 0 };
  }

  /** An event id from before positions (a bare seq): just after that row, or after what preceded it. */
  async legacyPosition(userId: string, seq: number): Promise<Position> {
    const [row] = await this.db
      .select({ txid: sql<string | number | null>`max(${notifications.txid})` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), lte(notifications.seq, seq)));
    return { txid: Number(row?.txid ?? 0), seq };
  }

  /** Retention: read notifications after `readBefore`, any after `createdBefore`. */
  async purge(readBefore: Date, createdBefore: Date): Promise<number> {
    const rows = await this.db
      .delete(notifications)
      .where(or(and(eq(notifications.isRead, true), lt(notifications.readAt, readBefore)), lt(notifications.createdAt, createdBefore)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  /** Stream events only serve a stream catching up: they go after `before`. */
  /** Chat push batches of minutes long past (a game chatting again clears its own first). */
  async purgeChatBatches(before: Date): Promise<number> {
    const rows = await this.db.delete(chatPushBatches).where(lt(chatPushBatches.minute, before)).returning({ userId: chatPushBatches.userId });
    return rows.length;
  }

  async purgeStreamEvents(before: Date): Promise<number> {
    const rows = await this.db
      .delete(notifications)
      .where(and(isNotNull(notifications.streamEvent), lt(notifications.createdAt, before)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  /** A game's stream events (its chat's retention, the game's deletion). */
  async deleteStreamEventsOfGame(gameId: string): Promise<void> {
    await this.db.delete(notifications).where(and(isNotNull(notifications.streamEvent), eq(notifications.resourceId, gameId)));
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.db.delete(notifications).where(eq(notifications.userId, userId));
    await this.db.delete(deviceTokens).where(eq(deviceTokens.userId, userId));
    await this.db.delete(gameReminders).where(eq(gameReminders.userId, userId));
  }

  // Device tokens

  /**
   * Registers (or refreshes) the device and keeps the user's newest `max`: the least recently
   * registered beyond them go, with their queued pushes. Run in a transaction: the advisory lock
   * on the user serialises their registrations, so concurrent ones cannot leave more than `max`.
   */
  async saveDeviceToken(
    userId: string,
    deviceToken: string,
    platform: DeviceTokenRow['platform'],
    now: Date,
    max: number,
    webPushKeys?: { p256dh: string; auth: string },
  ): Promise<DeviceTokenRow> {
    await this.db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`devices:${userId}`}, 0))`);
    // Only a web push subscription has keys; re-registering its token as another platform clears them.
    const keys = { webPushP256dh: webPushKeys?.p256dh ?? null, webPushAuth: webPushKeys?.auth ?? null };
    const [row] = await this.db
      .insert(deviceTokens)
      .values({ deviceToken, userId, platform, ...keys, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: deviceTokens.deviceToken, set: { userId, platform, ...keys, updatedAt: now } })
      .returning();
    await this.db.execute(sql`WITH evicted AS (
        DELETE FROM device_tokens WHERE device_token IN (
          SELECT device_token FROM device_tokens WHERE user_id = ${userId}::uuid
          ORDER BY device_token = ${deviceToken} DESC, updated_at DESC, device_token OFFSET ${max})
        RETURNING device_token)
      DELETE FROM push_outbox WHERE device_token IN (SELECT device_token FROM evicted)`);
    return row!;
  }

  async deleteDeviceToken(userId: string, deviceToken: string): Promise<void> {
    await this.db.delete(deviceTokens).where(and(eq(deviceTokens.deviceToken, deviceToken), eq(deviceTokens.userId, userId)));
  }

  tokensOf(userIds: string[]): Promise<DeviceTokenRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(deviceTokens)
      .where(inAny(deviceTokens.userId, [...new Set(userIds)], 'uuid'));
  }

  // Reminders

  /** Records a reminder per user; answers only the users whose row is new (each reminded once). */
  async recordReminders(gameId: string, userIds: string[], now: Date): Promise<string[]> {
    const rows = await this.insertedNew(
      gameReminders,
      userIds.map((userId) => ({ gameId, userId, sentAt: now })),
    );
    return rows.map((row) => row.userId);
  }

  async purgeReminders(sentBefore: Date): Promise<number> {
    const rows = await this.db.delete(gameReminders).where(lt(gameReminders.sentAt, sentBefore)).returning({ gameId: gameReminders.gameId });
    return rows.length;
  }

  async deleteRemindersForGame(gameId: string): Promise<void> {
    await this.db.delete(gameReminders).where(eq(gameReminders.gameId, gameId));
  }
}
