import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { deviceTokens, gameReminders, notifications } from './notifications.table.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'seq' | 'isRead' | 'readAt' | 'pushedAt'>;
export type DeviceTokenRow = typeof deviceTokens.$inferSelect;

/** Channel of the database's NOTIFY: its payload is a recipient's user id ("look for new rows"). */
export const SIGNAL_CHANNEL = 'notifications';

export class NotificationsRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async insertMany(values: NewNotification[]): Promise<void> {
    if (values.length) await this.#db.insert(notifications).values(values);
  }

  /**
   * Wakes every instance's listeners for these users. NOTIFY is transactional: it is delivered
   * when the surrounding transaction commits and dropped when it rolls back.
   */
  async signal(userIds: string[]): Promise<void> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
    await this.#db.execute(sql`SELECT pg_notify(${SIGNAL_CHANNEL}, v.id) FROM (VALUES ${sql.join(ids.map((id) => sql`(${id}::text)`), sql`, `)}) AS v(id)`);
  }

  async page(userId: string, limit: number, offset: number): Promise<{ rows: NotificationRow[]; total: number }> {
    const where = eq(notifications.userId, userId);
    const [rows, [count]] = await Promise.all([
      this.#db.select().from(notifications).where(where).orderBy(desc(notifications.seq)).limit(limit).offset(offset),
      this.#db.select({ total: sql<number>`count(*)::int` }).from(notifications).where(where),
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.#db.select({ count: sql<number>`count(*)::int` }).from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
    return row?.count ?? 0;
  }

  /** Marks read once: a second call keeps the first readAt. Undefined when not the user's. */
  async markRead(userId: string, id: string, now: Date): Promise<NotificationRow | undefined> {
    const [row] = await this.#db.update(notifications)
      .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId))).returning();
    return row;
  }

  async markAllRead(userId: string, now: Date): Promise<number> {
    const rows = await this.#db.update(notifications).set({ isRead: true, readAt: now })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))).returning({ id: notifications.id });
    return rows.length;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.#db.delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId))).returning({ id: notifications.id });
    return rows.length > 0;
  }

  /** The user's notifications after `seq`, oldest first (what a stream has not sent yet). */
  after(userId: string, seq: number, limit: number): Promise<NotificationRow[]> {
    return this.#db.select().from(notifications)
      .where(and(eq(notifications.userId, userId), gt(notifications.seq, seq))).orderBy(asc(notifications.seq)).limit(limit);
  }

  async latestSeq(userId: string): Promise<number> {
    const [row] = await this.#db.select({ seq: sql<string | number | null>`max(${notifications.seq})` }).from(notifications)
      .where(eq(notifications.userId, userId));
    return Number(row?.seq ?? 0);
  }

  /**
   * Claims rows not yet pushed (of one user, or any created before `createdBefore`): the update
   * lets exactly one instance win each row, however many got the signal.
   */
  async claimUnpushed(scope: { userId: string } | { createdBefore: Date }, now: Date, limit = 500): Promise<NotificationRow[]> {
    const condition = 'userId' in scope
      ? eq(notifications.userId, scope.userId)
      : lt(notifications.createdAt, scope.createdBefore);
    const candidates = this.#db.select({ id: notifications.id }).from(notifications)
      .where(and(isNull(notifications.pushedAt), condition)).limit(limit);
    return this.#db.update(notifications).set({ pushedAt: now })
      .where(and(inArray(notifications.id, candidates), isNull(notifications.pushedAt))).returning();
  }

  /** Retention: read notifications after `readBefore`, any after `createdBefore`. */
  async purge(readBefore: Date, createdBefore: Date): Promise<number> {
    const rows = await this.#db.delete(notifications)
      .where(or(and(eq(notifications.isRead, true), lt(notifications.readAt, readBefore)), lt(notifications.createdAt, createdBefore)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.#db.delete(notifications).where(eq(notifications.userId, userId));
    await this.#db.delete(deviceTokens).where(eq(deviceTokens.userId, userId));
    await this.#db.delete(gameReminders).where(eq(gameReminders.userId, userId));
  }

  // Device tokens

  async saveDeviceToken(userId: string, deviceToken: string, platform: DeviceTokenRow['platform'], now: Date): Promise<DeviceTokenRow> {
    const [row] = await this.#db.insert(deviceTokens).values({ deviceToken, userId, platform, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: deviceTokens.deviceToken, set: { userId, platform, updatedAt: now } }).returning();
    return row!;
  }

  async deleteDeviceToken(userId: string, deviceToken: string): Promise<void> {
    await this.#db.delete(deviceTokens).where(and(eq(deviceTokens.deviceToken, deviceToken), eq(deviceTokens.userId, userId)));
  }

  tokensOf(userIds: string[]): Promise<DeviceTokenRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.#db.select().from(deviceTokens).where(inArray(deviceTokens.userId, [...new Set(userIds)]));
  }

  // Reminders

  /** Records a reminder per user; answers only the users whose row is new (each reminded once). */
  async recordReminders(gameId: string, userIds: string[], now: Date): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await this.#db.insert(gameReminders).values(userIds.map((userId) => ({ gameId, userId, sentAt: now })))
      .onConflictDoNothing().returning({ userId: gameReminders.userId });
    return rows.map((row) => row.userId);
  }

  async purgeReminders(sentBefore: Date): Promise<number> {
    const rows = await this.#db.delete(gameReminders).where(lt(gameReminders.sentAt, sentBefore)).returning({ gameId: gameReminders.gameId });
    return rows.length;
  }

  async deleteRemindersForGame(gameId: string): Promise<void> {
    await this.#db.delete(gameReminders).where(eq(gameReminders.gameId, gameId));
  }
}
