import { setTimeout as sleep } from 'node:timers/promises';
import type { FakeFcm } from '../../test/helpers/fake-fcm.ts';
import type { PostgresCluster } from './postgres.ts';

export interface PushChecks {
  notifications: number;
  /** (notification, device) pairs the run should have pushed: every notification × its recipient's devices */
  expected: number;
  /** messages FCM accepted, resends included */
  delivered: number;
  /** pairs the device does not show */
  lost: number;
  /** notifications a device shows more than once (a resend that did not replace the first): what the user would see twice */
  shownTwice: number;
  /** messages sent again whose first delivery was within a second of a kill -9 (the sender died before recording it); the device replaced the first */
  resentAtKill: number;
  /** messages sent again with no kill to explain them */
  resentOtherwise: number;
  /** pushes to a pair no notification accounts for */
  unexpected: number;
  /** rows still in the outbox when the wait ended */
  leftInOutbox: number;
  /** requests the fake refused for a bad token or a malformed message */
  rejected: number;
  details: string[];
}

/**
 * After the load: waits (up to `waitMs`) for the push outbox to empty — rows a killed instance had
 * claimed come back when their lease lapses — then compares what the fake FCM received with the
 * notifications PostgreSQL holds, on the wire (every message FCM accepted) and on each device's
 * screen (the fake's model: a message replaces the one shown under the same collapse identity).
 */
export async function checkPushes(pg: PostgresCluster, database: string, fcm: FakeFcm, kills: number[], waitMs: number): Promise<PushChecks> {
  const outbox = () =>
    pg.admin(async (client) => Number((await client.query<{ n: number }>('SELECT count(*)::int AS n FROM push_outbox')).rows[0]!.n), database);
  const deadline = Date.now() + waitMs;
  let left = await outbox();
  while (left > 0 && Date.now() < deadline) {
    await sleep(500);
    left = await outbox();
  }
  const { notifications, pairs } = await pg.admin(async (client) => {
    const count = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications');
    const expected = await client.query<{ id: string; device_token: string }>(
      'SELECT n.id::text AS id, d.device_token FROM notifications n JOIN device_tokens d ON d.user_id = n.user_id',
    );
    return { notifications: Number(count.rows[0]!.n), pairs: expected.rows.map((row) => `${row.id}/${row.device_token}`) };
  }, database);
  const delivered = new Map<string, number[]>();
  for (const item of fcm.delivered) {
    const key = `${item.message.data.notificationId}/${item.token}`;
    delivered.set(key, [...(delivered.get(key) ?? []), item.at]);
  }
  const expected = new Set(pairs);
  const result: PushChecks = {
    notifications,
    expected: expected.size,
    delivered: fcm.delivered.length,
    lost: 0,
    shownTwice: 0,
    resentAtKill: 0,
    resentOtherwise: 0,
    unexpected: 0,
    leftInOutbox: left,
    rejected: fcm.rejected.length,
    details: [],
  };
  const tokens = new Set([...pairs.map((pair) => pair.slice(pair.indexOf('/') + 1)), ...fcm.delivered.map((item) => item.token)]);
  const shown = new Map<string, number>();
  for (const token of tokens)
    for (const entry of fcm.screen(token)) {
      const key = `${entry.notificationId}/${token}`;
      shown.set(key, (shown.get(key) ?? 0) + 1);
    }
  for (const pair of expected) {
    if (!shown.has(pair)) {
      result.lost++;
      result.details.push(`push never shown on its device: ${pair}`);
    }
  }
  for (const [pair, count] of shown) {
    if (count < 2) continue;
    result.shownTwice += count - 1;
    result.details.push(`notification shown ${count} times on one device: ${pair}`);
  }
  for (const [pair, times] of delivered) {
    if (!expected.has(pair)) {
      result.unexpected++;
      result.details.push(`push without a notification: ${pair}`);
    }
    if (times.length < 2) continue;
    if (kills.some((kill) => Math.abs(times[0]! - kill) <= 1000)) result.resentAtKill += times.length - 1;
    else {
      result.resentOtherwise += times.length - 1;
      result.details.push(`push sent ${times.length} times without a kill to explain it: ${pair}`);
    }
  }
  return result;
}
