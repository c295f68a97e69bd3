import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { backends, realBackend } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { buildTestCluster, type TestCluster } from '../../../test/helpers/cluster.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../../../test/helpers/games.ts';
import { startPushService, vapidEnv, vapidPair, type Browser, type LocalPushService } from '../../../test/helpers/push-service.ts';
import { pushSuite } from '../../../test/helpers/push-suite.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

const SUBSCRIPTIONS = '/api/v1/me/push-subscriptions';

async function subscribe(app: FastifyInstance, user: TestUser, browser: Browser): Promise<string> {
  const response = await app.inject({ method: 'POST', url: SUBSCRIPTIONS, headers: user.auth, payload: browser.subscription });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data.createdAt as string;
}

async function join(app: FastifyInstance, gameId: string, player?: TestUser): Promise<TestUser> {
  const who = player ?? (await createUser(app));
  const response = await app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/participants`, headers: who.auth });
  assert.equal(response.statusCode, 201, response.body);
  return who;
}

for (const backend of backends) {
  describe(`web push to browsers (${backend.name})`, () => {
    const clock = new TestClock();
    const vapid = vapidPair();
    let push: LocalPushService;
    // No coalescing: a join and a leave by one player are two notifications, each pushed. Subscribing
    // shares the device-registration limit (10 a minute); the refusals below are more than that.
    const t = pushSuite(backend, {
      start: async () => (push = await startPushService(vapid)),
      env: () => ({ ...vapidEnv(vapid), NOTIFICATION_COALESCE_MINUTES: '0', RATE_LIMIT_DEVICE_REGISTRATION: '100' }),
      clock,
      sport: 'Web push ball',
      valid: 'every push carried a valid VAPID token and a payload the browser could decrypt',
    });
    const outbox = async () => {
      const result: unknown = await t.db.execute(sql`SELECT count(*)::int AS n FROM push_outbox`);
      return Number((result as { rows: Array<{ n: number }> }).rows[0]?.n);
    };
    /** Every queued push has been settled (sent, dropped or its device removed). */
    const drained = async () => {
      while ((await outbox()) > 0) await push.until(() => false, 10).catch(() => undefined);
    };
    const to = (browser: Browser) => push.received.filter((item) => item.browser === browser.id);
    const triedTo = (browser: Browser) => push.attempts.filter((item) => item.browser === browser.id);
    const hostedGame = async () => {
      const host = await onboardedUser(t.app, 'Host Web');
      const game = await createGame(t.app, host, gameBody(t.sport, clock.now(), 48, { slots: 10, title: 'Web push game' }));
      return { host, game };
    };

    it('tells the app the public key to subscribe with', async () => {
      const user = await createUser(t.app);
      const response = await t.app.inject({ url: '/api/v1/push/web-config', headers: user.auth });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json().data, { enabled: true, publicKey: vapid.publicKey });
    });

    it('a subscribed browser gets the notification: signed for its push service, encrypted to it, opening the game', async () => {
      const { host, game } = await hostedGame();
      const browser = push.browser();
      await subscribe(t.app, host, browser);
      await join(t.app, game.id);
      await push.until(() => to(browser).length === 1);
      const listed = (await t.app.inject({ url: '/api/v1/notifications?size=1', headers: host.auth })).json().data.content[0];
      const [received] = to(browser);
      assert.deepEqual(received!.payload, {
        notificationId: listed.id,
        type: 'PLAYER_JOINED',
        title: listed.title,
        body: listed.message,
        url: `/app/games/${game.id}`,
        tag: listed.id,
      });
      assert.equal(received!.claims.aud, push.url);
      assert.equal(received!.headers.urgency, 'high');
      assert.equal(received!.headers.topic, listed.id.replaceAll('-', ''), 'a resend replaces the queued copy');
      assert.ok(Number(received!.headers.ttl) > 0);
    });

    it('410 and 404 from the push service remove the subscription: nothing more is tried, subscribing again starts anew', async () => {
      const { host, game } = await hostedGame();
      const [expired, gone, kept] = [push.browser(), push.browser(), push.browser()];
      const firstCreatedAt = await subscribe(t.app, host, expired);
      await subscribe(t.app, host, gone);
      await subscribe(t.app, host, kept);
      push.script(expired.id, [410]);
      push.script(gone.id, [404]);
      await join(t.app, game.id);
      await push.until(() => triedTo(expired).length === 1 && triedTo(gone).length === 1 && to(kept).length === 1);
      await join(t.app, game.id);
      await push.until(() => to(kept).length === 2);
      await drained();
      assert.equal(triedTo(expired).length, 1, 'the expired subscription is not tried again');
      assert.equal(triedTo(gone).length, 1);
      clock.advance(1);
      assert.notEqual(await subscribe(t.app, host, expired), firstCreatedAt, 'it had been deleted: subscribing again creates it');
    });

    it('a player with push off for a type receives none of it, and still sees it in the app', async () => {
      const { host, game } = await hostedGame();
      const browser = push.browser();
      await subscribe(t.app, host, browser);
      const off = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/me/notification-preferences',
        headers: host.auth,
        payload: { types: { PLAYER_JOINED: { push: false } } },
      });
      assert.equal(off.statusCode, 200, off.body);
      const player = await join(t.app, game.id);
      const left = await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${game.id}/participants/me`, headers: player.auth });
      assert.equal(left.statusCode, 204, left.body);
      // The leave is pushed; once it has arrived and nothing is queued, the join was never going to be.
      await push.until(() => to(browser).length === 1);
      await drained();
      assert.deepEqual(
        to(browser).map((item) => item.payload.type),
        ['PLAYER_LEFT'],
      );
      const listed = (await t.app.inject({ url: '/api/v1/notifications?size=5', headers: host.auth })).json().data.content as Array<{ type: string }>;
      assert.deepEqual(
        listed.map((item) => item.type),
        ['PLAYER_LEFT', 'PLAYER_JOINED'],
      );
    });

    it('unsubscribing stops the pushes to that browser only', async () => {
      const { host, game } = await hostedGame();
      const [leaving, staying] = [push.browser(), push.browser()];
      await subscribe(t.app, host, leaving);
      await subscribe(t.app, host, staying);
      const other = await createUser(t.app);
      const foreign = await t.app.inject({ method: 'DELETE', url: SUBSCRIPTIONS, headers: other.auth, payload: { endpoint: staying.subscription.endpoint } });
      assert.equal(foreign.statusCode, 204, 'answered as if done: whether it exists is not told');
      const removed = await t.app.inject({ method: 'DELETE', url: SUBSCRIPTIONS, headers: host.auth, payload: { endpoint: leaving.subscription.endpoint } });
      assert.equal(removed.statusCode, 204, removed.body);
      await join(t.app, game.id);
      await push.until(() => to(staying).length === 1);
      await drained();
      assert.equal(triedTo(leaving).length, 0);
    });

    it('refuses endpoints that would make the service post into a private network, and keys it could not encrypt to', async () => {
      const user = await createUser(t.app);
      const keys = push.browser().subscription.keys;
      const refused = [
        'http://10.0.0.8/push/1',
        'https://10.0.0.8/push/1',
        'https://192.168.1.1/push/1',
        'https://169.254.169.254/latest/meta-data',
        'https://[fd00::1]/push/1',
        'https://[::ffff:10.0.0.1]/push/1',
        'https://localhost/push/1',
        'https://metadata.google.internal/push/1',
        'https://intranet/push/1',
        'https://push.example.com:8443/push/1',
        'http://push.example.com/push/1',
        'https://user:secret@push.example.com/push/1',
        'ftp://push.example.com/push/1',
      ];
      for (const endpoint of refused) {
        const response = await t.app.inject({ method: 'POST', url: SUBSCRIPTIONS, headers: user.auth, payload: { endpoint, keys } });
        assert.equal(response.statusCode, 400, `${endpoint}: ${response.body}`);
        assert.match(String(response.headers['content-type']), /application\/problem\+json/);
        assert.equal(response.json().code, 'push_endpoint_refused', endpoint);
      }
      const offCurve = { p256dh: `B${'A'.repeat(86)}`, auth: keys.auth };
      const bad = await t.app.inject({
        method: 'POST',
        url: SUBSCRIPTIONS,
        headers: user.auth,
        payload: { endpoint: 'https://push.example.com/push/1', keys: offCurve },
      });
      assert.equal(bad.statusCode, 400, bad.body);
      assert.equal(bad.json().code, 'validation_failed');
      const count: unknown = await t.db.execute(sql`SELECT count(*)::int AS n FROM device_tokens WHERE user_id = ${user.id}::uuid`);
      assert.equal(Number((count as { rows: Array<{ n: number }> }).rows[0]?.n), 0, 'nothing was saved');
    });
  });
}

describe('web push without VAPID keys', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp(backends[0]!);
  });
  after(() => t.close());

  it('is off: the app is told so, and a browser cannot subscribe', async () => {
    const user = await createUser(t.app);
    const config = await t.app.inject({ url: '/api/v1/push/web-config', headers: user.auth });
    assert.deepEqual(config.json().data, { enabled: false, publicKey: null });
    const push = await startPushService(vapidPair());
    try {
      const response = await t.app.inject({ method: 'POST', url: SUBSCRIPTIONS, headers: user.auth, payload: push.browser().subscription });
      assert.equal(response.statusCode, 503, response.body);
      assert.equal(response.json().code, 'web_push_off');
    } finally {
      await push.close();
    }
  });
});

if (realBackend) {
  describe('web push from two instances (postgres+redis)', () => {
    const vapid = vapidPair();
    let push: LocalPushService;
    let cluster: TestCluster;

    before(async () => {
      push = await startPushService(vapid);
      cluster = await buildTestCluster(realBackend!, 2, vapidEnv(vapid), { pushPollMs: 20 });
    });
    after(async () => {
      await cluster.close();
      await push.close();
      assert.deepEqual(push.rejected, []);
    });

    it('both instances get every signal, yet each notification reaches each browser exactly once', async () => {
      const [a, b] = cluster.apps as [FastifyInstance, FastifyInstance];
      const sport = await createSport(a, await createUser(a, { admin: true }), { name: 'Twin web ball' });
      const host = await onboardedUser(a, 'Twin Host');
      const game = await createGame(a, host, gameBody(sport, new Date(), 48, { slots: 40, title: 'Twin web game' }));
      const browsers = [push.browser(), push.browser()];
      for (const browser of browsers) await subscribe(a, host, browser);
      const players = await Promise.all(Array.from({ length: 20 }, () => createUser(a)));
      await Promise.all(players.map((player, index) => join(index % 2 ? a : b, game.id, player)));
      await push.until(() => push.received.length >= 40, 10_000);
      const listed = (await b.inject({ url: '/api/v1/notifications?size=100', headers: host.auth })).json().data.content as Array<{ id: string }>;
      assert.equal(listed.length, 20);
      for (const browser of browsers) {
        const ids = push.received
          .filter((item) => item.browser === browser.id)
          .map((item) => item.payload.notificationId)
          .sort();
        assert.deepEqual(ids, listed.map((item) => item.id).sort(), 'every notification once in this browser');
      }
      // One more after them all: when it has arrived, nothing older was sent a second time.
      await join(b, game.id);
      await push.until(() => push.received.length === 42);
      assert.equal(new Set(push.received.map((item) => `${item.browser}/${String(item.payload.notificationId)}`)).size, 42);
    });
  });
}
