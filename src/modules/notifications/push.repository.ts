import { and, eq, sql } from 'drizzle-orm';
import { inAny, Repository } from '../../platform/db/index.ts';
import { deviceTokens, notifications, pushOutbox } from './notifications.table.ts';
import type { PushPlatform } from './push.ts';

export type OutboxRow = typeof pushOutbox.$inferSelect;

/** A claimed outbox row with what the push says. */
export interface ClaimedPush {
  id: number;
  notificationId: string;
  userId: string;
  deviceToken: string;
  platform: PushPlatform;
  attempts: number;
  /** Its last claim's lease lapsed unsettled: that sender died or stalled mid-send, so the device may already have it. */
  outcomeUnknown: boolean;
  type: string;
  title: string;
  message: string;
  resourceType: string;
  resourceId: string;
}

/** SQL of the push outbox (see pushOutbox in notifications.table.ts). */
export class PushRepository extends Repository {
  /**
   * Takes up to `limit` due rows for this sender until `leaseUntil`. SKIP LOCKED lets concurrent
   * senders (other instances) pass over rows another is claiming; the lease keeps a claimed row
   * away from them while it is being sent, and gives it back if its sender died. A settled row is
   * deleted or unclaimed, so a due row that still has a lease is one whose sender never settled it.
   * A batch is fair across users: every user's oldest due row comes before anyone's second (round
   * robin by user), so one user's many devices cannot hold up everyone else's pushes.
   */
  async claim(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedPush[]> {
    const at = now.toISOString();
    const isDue = sql`next_attempt_at <= ${at}::timestamptz AND (claimed_until IS NULL OR claimed_until <= ${at}::timestamptz)`;
    const claimed: unknown = await this.db.execute(sql`WITH due AS (
        SELECT id, claimed_until IS NOT NULL AS lapsed FROM push_outbox
        WHERE ${isDue} AND id IN (
          SELECT id FROM (SELECT id, next_attempt_at, row_number() OVER (PARTITION BY user_id ORDER BY next_attempt_at, id) AS turn
                          FROM push_outbox WHERE ${isDue}) AS ranked
          ORDER BY turn, next_attempt_at, id LIMIT ${limit})
        FOR UPDATE SKIP LOCKED)
      UPDATE push_outbox o SET claimed_until = ${leaseUntil.toISOString()}::timestamptz, attempts = o.attempts + 1
      FROM due WHERE o.id = due.id
      RETURNING o.id, o.notification_id, o.user_id, o.device_token, o.platform, o.attempts, due.lapsed`);
    const result = claimed as {
      rows: Array<{
        id: string | number;
        notification_id: string;
        user_id: string;
        device_token: string;
        platform: ClaimedPush['platform'];
        attempts: number;
        lapsed: boolean;
      }>;
    };
    if (result.rows.length === 0) return [];
    const texts = await this.db
      .select({
        id: notifications.id,
        type: notifications.type,
        title: notifications.title,
        message: notifications.message,
        resourceType: notifications.resourceType,
        resourceId: notifications.resourceId,
      })
      .from(notifications)
      .where(inAny(notifications.id, [...new Set(result.rows.map((row) => row.notification_id))], 'uuid'));
    const byId = new Map(texts.map((text) => [text.id, text]));
    return result.rows.flatMap((row) => {
      const text = byId.get(row.notification_id);
      if (!text) return [];
      return [
        {
          id: Number(row.id),
          notificationId: row.notification_id,
          userId: row.user_id,
          deviceToken: row.device_token,
          platform: row.platform,
          attempts: Number(row.attempts),
          outcomeUnknown: row.lapsed === true,
          type: text.type,
          title: text.title,
          message: text.message,
          resourceType: text.resourceType,
          resourceId: text.resourceId,
        },
      ];
    });
  }

  /**
   * The device, if it still belongs to the user the push was queued for (not re-registered or
   * removed since), with a web push subscription's keys.
   */
  async deviceOf(deviceToken: string, userId: string): Promise<{ webPushKeys?: { p256dh: string; auth: string } } | undefined> {
    const [row] = await this.db
      .select({ p256dh: deviceTokens.webPushP256dh, auth: deviceTokens.webPushAuth })
      .from(deviceTokens)
      .where(and(eq(deviceTokens.deviceToken, deviceToken), eq(deviceTokens.userId, userId)));
    if (!row) return undefined;
    return row.p256dh && row.auth ? { webPushKeys: { p256dh: row.p256dh, auth: row.auth } } : {};
  }

  async done(id: number): Promise<void> {
    await this.db.delete(pushOutbox).where(eq(pushOutbox.id, id));
  }

  async retryAt(id: number, at: Date): Promise<void> {
    await this.db.update(pushOutbox).set({ nextAttemptAt: at, claimedUntil: null }).where(eq(pushOutbox.id, id));
  }

  /** The push service says the token or subscription is dead (FCM UNREGISTERED, web push 404/410): the device goes, and every push still queued for it. */
  async dropDevice(deviceToken: string): Promise<void> {
    await this.db.delete(deviceTokens).where(eq(deviceTokens.deviceToken, deviceToken));
    await this.db.delete(pushOutbox).where(eq(pushOutbox.deviceToken, deviceToken));
  }

  /** Rows still queued (tests and the reliability suite read it through the service). */
  async pending(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(pushOutbox);
    return row?.count ?? 0;
  }
}
