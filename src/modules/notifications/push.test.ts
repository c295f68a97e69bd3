import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends, realBackend } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { buildTestCluster, type TestCluster } from '../../../test/helpers/cluster.ts';
import { fcmSettings, registerDevice } from '../../../test/helpers/push-app.ts';
import { pushSuite } from '../../../test/helpers/push-suite.ts';
import { FCM, startFakeFcm, type FakeFcm } from '../../../test/helpers/fake-fcm.ts';
import { createGame, createSport, gameBody, onboardedUser, type Sport } from '../../../test/helpers/games.ts';
import { createUser } from '../../../test/helpers/users.ts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

let tokenCounter = 0;
const deviceToken = (label: string) => `${label}-${++tokenCounter}-${'x'.repeat(40)}`;

/** A host with a game; each call of `join` makes a new player join it, which notifies the host. */
async function hostedGame(app: FastifyInstance, sport: Sport, now: Date, slots = 10) {
  const host = await onboardedUser(app, 'Host Push');
  const game = await createGame(app, host, gameBody(sport, now, 48, { slots, title: 'Push game' }));
  const join = async () => {
    const response = await app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: (await createUser(app)).auth });
    assert.equal(response.statusCode, 201, response.body);
  };
  const newest = async () =>
    (await app.inject({ url: '/api/v1/notifications?size=1', headers: host.auth })).json().data.content[0] as { id: string; title: string; message: string };
  return { host, game, join, newest };
}

for (const backend of backends) {
  describe(`push through FCM HTTP v1 (${backend.name})`, () => {
    const clock = new TestClock();
    let fcm: FakeFcm;
    const t = pushSuite(backend, {
      start: async () => (fcm = await startFakeFcm()),
      env: fcmSettings,
      clock,
      sport: 'Push ball',
      valid: 'every request had a valid token and a valid message',
    });
    /** The failed attempt is settled (its row back in the outbox, unclaimed): only then may the test move the clock. */
    const settled = async () => {
      for (;;) {
        const result: unknown = await t.db.execute(sql`SELECT count(*)::int AS n FROM push_outbox WHERE claimed_until IS NOT NULL`);
        if (Number((result as { rows: Array<{ n: number }> }).rows[0]?.n) === 0) return;
        await fcm.until(() => false, 20).catch(() => undefined);
      }
    };
    const sentTo = (token: string) => fcm.delivered.filter((item) => item.token === token);
    const triedTo = (token: string) => fcm.attempts.filter((item) => item.token === token);
    /** A phone told of a join, whose first send FCM answered with `answer`: answers once that attempt is settled. */
    const failedOnce = async (label: string, answer: Parameters<FakeFcm['script']>[1][number]) => {
      const { host, join } = await hostedGame(t.app, t.sport, clock.now());
      const phone = deviceToken(label);
      await registerDevice(t.app, host, phone);
      fcm.script(phone, [answer]);
      await join();
      await fcm.until(() => triedTo(phone).length === 1);
      await settled();
      return phone;
    };

    it('sends each notification once to each device, with its platform block and collapse identity, and reuses the access token', async () => {
      const { host, join, newest } = await hostedGame(t.app, t.sport, clock.now());
      const phone = deviceToken('android');
      const iphone = deviceToken('ios');
      const browser = deviceToken('web');
      await registerDevice(t.app, host, phone, 'ANDROID');
      await registerDevice(t.app, host, iphone, 'IOS');
      await registerDevice(t.app, host, browser, 'WEB');
      await join();
      await fcm.until(() => [phone, iphone, browser].every((token) => sentTo(token).length === 1));
      const notification = await newest();
      const android = sentTo(phone)[0]!.message;
      assert.deepEqual(android.notification, { title: notification.title, body: notification.message });
      assert.equal(android.data.notificationId, notification.id);
      assert.equal(android.data.type, 'PLAYER_JOINED');
      assert.equal(android.android?.priority, 'high');
      assert.equal(android.android?.notification?.tag, notification.id);
      assert.equal(android.android?.collapse_key, undefined, 'no collapse key: FCM keeps only four per offline device');
      assert.equal(android.apns, undefined);
      const apple = sentTo(iphone)[0]!.message;
      assert.equal(apple.apns?.headers['apns-collapse-id'], notification.id);
      assert.equal(apple.android, undefined);
      const web = sentTo(browser)[0]!.message;
      assert.equal(web.webpush?.notification?.tag, notification.id);
      assert.equal(web.webpush?.headers.Topic, notification.id.replaceAll('-', ''));
      await join();
      await fcm.until(() => [phone, iphone, browser].every((token) => sentTo(token).length === 2));
      assert.equal(fcm.tokenRequests, 1, 'one access token for every send while it is valid');
      for (const token of [phone, iphone, browser])
        assert.deepEqual(
          fcm.screen(token).map((shown) => shown.received),
          [1, 1],
          'two notifications, each shown once',
        );
    });

    it('FCM took the message but its answer was lost: sent again, the device replaces the first and shows it once', async () => {
      const { host, join, newest } = await hostedGame(t.app, t.sport, clock.now());
      const devices = [deviceToken('lost-answer'), deviceToken('lost-answer'), deviceToken('lost-answer')];
      for (const [i, platform] of ['ANDROID', 'IOS', 'WEB'].entries()) {
        await registerDevice(t.app, host, devices[i]!, platform);
        fcm.script(devices[i]!, [FCM.acceptedAnswerLost()]);
      }
      await join();
      await fcm.until(() => devices.every((token) => sentTo(token).length === 1));
      await settled();
      clock.advance(3); // the outcome was unknown: retried like a network error, after the first backoff
      await fcm.until(() => devices.every((token) => sentTo(token).length === 2));
      const notification = await newest();
      for (const token of devices) assert.deepEqual(fcm.screen(token), [{ key: notification.id, notificationId: notification.id, received: 2 }]);
    });

    it('429 with Retry-After: waits at least that long (injected clock), then delivers once', async () => {
      const phone = await failedOnce('busy', FCM.quotaExceeded(30));
      clock.advance(20);
      await assert.rejects(
        fcm.until(() => triedTo(phone).length > 1, 300),
        /not met/,
        'not before Retry-After',
      );
      clock.advance(11);
      await fcm.until(() => sentTo(phone).length === 1);
      assert.deepEqual(
        triedTo(phone).map((attempt) => attempt.answered),
        [429, 200],
      );
    });

    it('503, then success after the backoff', async () => {
      const phone = await failedOnce('flaky', FCM.unavailable());
      clock.advance(3); // the first backoff is 1 to 2 s
      await fcm.until(() => sentTo(phone).length === 1);
      assert.deepEqual(
        triedTo(phone).map((attempt) => attempt.answered),
        [503, 200],
      );
    });

    it('UNREGISTERED and an invalid token: the device is removed and gets nothing more; other devices still do', async () => {
      const { host, join } = await hostedGame(t.app, t.sport, clock.now());
      const gone = deviceToken('gone');
      const bad = deviceToken('bad');
      const kept = deviceToken('kept');
      const goneCreatedAt = await registerDevice(t.app, host, gone);
      await registerDevice(t.app, host, bad, 'IOS');
      await registerDevice(t.app, host, kept, 'WEB');
      fcm.script(gone, [FCM.unregistered()]);
      fcm.script(bad, [FCM.invalidToken()]);
      await join();
      await fcm.until(() => triedTo(gone).length === 1 && triedTo(bad).length === 1 && sentTo(kept).length === 1);
      await join();
      await fcm.until(() => sentTo(kept).length === 2);
      assert.equal(triedTo(gone).length, 1, 'the pruned device is not tried again');
      assert.equal(triedTo(bad).length, 1);
      clock.advance(1);
      assert.notEqual(await registerDevice(t.app, host, gone), goneCreatedAt, 'registering again creates it anew: it had been deleted');
    });
  });
}

if (realBackend) {
  describe('push from two instances (postgres+redis)', () => {
    let fcm: FakeFcm;
    let cluster: TestCluster;

    before(async () => {
      fcm = await startFakeFcm();
      cluster = await buildTestCluster(realBackend!, 2, fcmSettings(fcm), { pushPollMs: 20 });
    });
    after(async () => {
      await cluster.close();
      await fcm.close();
    });

    it('both instances get every signal, yet each notification reaches each device exactly once', async () => {
      const [a, b] = cluster.apps as [FastifyInstance, FastifyInstance];
      const sport = await createSport(a, await createUser(a, { admin: true }), { name: 'Twin ball' });
      const { host, game } = await hostedGame(a, sport, new Date(), 40);
      const phones = [deviceToken('twin'), deviceToken('twin')];
      for (const phone of phones) await registerDevice(a, host, phone);
      const players = await Promise.all(Array.from({ length: 20 }, () => createUser(a)));
      await Promise.all(
        players.map(async (player, index) => {
          const app = index % 2 ? a : b;
          const response = await app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth });
          assert.equal(response.statusCode, 201, response.body);
        }),
      );
      await fcm.until(() => fcm.delivered.length >= 40, 10_000);
      const listed = (await b.inject({ url: '/api/v1/notifications?size=100', headers: host.auth })).json().data.content as Array<{ id: string }>;
      assert.equal(listed.length, 20);
      for (const phone of phones) {
        const ids = fcm.delivered
          .filter((item) => item.token === phone)
          .map((item) => item.message.data.notificationId)
          .sort();
        assert.deepEqual(ids, listed.map((item) => item.id).sort(), 'every notification once on this device');
      }
      // Another event after them all: when it has arrived, nothing older was sent a second time.
      const last = await createUser(a);
      assert.equal((await b.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: last.auth })).statusCode, 201);
      await fcm.until(() => fcm.delivered.length === 42);
      assert.equal(new Set(fcm.delivered.map((item) => `${item.token}/${item.message.data.notificationId}`)).size, 42);
    });
  });
}
