import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { fcmSettings, registerDevice } from '../../../test/helpers/push-app.ts';
import { startFakeFcm, type FakeFcm } from '../../../test/helpers/fake-fcm.ts';
import { createGame, createSport, gameBody, onboardedUser, type Sport } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';
import { FcmPushGateway } from './push.fcm.ts';
import type { PushGateway, PushMessage, PushTarget } from './push.ts';

/**
 * Issue #31, items 4 and 5: one user flooding another. Each scenario first shows what the abuse
 * did (40 notifications and pushes from a co-host loop, 1,001 pushes from 1,000 registrations)
 * cannot happen any more: the loop hits 429, repeats coalesce into one notification and one push,
 * devices are capped, and one user's devices do not hold up another user's push.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let tokenCounter = 0;
const deviceToken = (label: string) => `${label}-${++tokenCounter}-${'f'.repeat(40)}`;

/** A gateway that sends through FCM (the fake) once the test opens it: rows queue until then. */
class GatedGateway implements PushGateway {
  inner: PushGateway | undefined;
  open: () => void = () => undefined;
  readonly #gate = new Promise<void>((resolve) => {
    this.open = resolve;
  });

  async ready(): Promise<void> {
    await this.#gate;
    await this.inner!.ready?.();
  }

  send(message: PushMessage, target: PushTarget) {
    return this.inner!.send(message, target);
  }
}

for (const backend of backends) {
  describe(`flooding (${backend.name})`, () => {
    const clock = new TestClock(new Date('2035-03-01T02:00:00Z'));
    let fcm: FakeFcm;
    let t: TestApp;
    let sport: Sport;
    let hours = 48;
    const req = (method: Method, url: string, who: TestUser, payload?: object) =>
      t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    const about = async (who: TestUser, gameId: string) => {
      const response = await req('GET', '/api/v1/notifications?size=100', who);
      assert.equal(response.statusCode, 200, response.body);
      return (response.json().data.content as Array<{ type: string; resourceId: string; message: string; isRead: boolean }>).filter(
        (n) => n.resourceId === gameId,
      );
    };
    const newGame = async (host: TestUser, overrides: Record<string, unknown> = {}) => {
      hours += 3;
      return createGame(t.app, host, gameBody(sport, clock.now(), hours, overrides));
    };
    const register = (who: TestUser, token: string) => req('POST', '/api/v1/device-tokens', who, { deviceToken: token, platform: 'ANDROID' });
    const sentTo = (token: string) => fcm.delivered.filter((item) => item.token === token);

    before(async () => {
      fcm = await startFakeFcm();
      t = await buildTestApp(backend, fcmSettings(fcm), { clock, pushPollMs: 20 });
      sport = await createSport(t.app, await createUser(t.app, { admin: true }), { name: 'Floodball' });
    });
    after(async () => {
      await t.close();
      await fcm.close();
    });

    /** Runs the requests until one is refused; answers the statuses before it and the refusal. */
    const untilRefused = async (requests: Array<() => Promise<LightMyRequestResponse>>) => {
      const statuses: number[] = [];
      for (const send of requests) {
        const response = await send();
        if (response.statusCode === 429) return { statuses, refused: response };
        statuses.push(response.statusCode);
      }
      return { statuses, refused: undefined };
    };

    // Adding a co-host invites them (consent); the organiser's DELETE withdraws the open invitation.
    it('a co-host add/remove loop hits 429 after RATE_LIMIT_MEMBERSHIP, and the target gets one notification and one push', async () => {
      const host = await onboardedUser(t.app, 'Host Flood');
      const target = await onboardedUser(t.app, 'Target Tay');
      const phone = deviceToken('target');
      assert.equal((await register(target, phone)).statusCode, 201);
      const game = await newGame(host, { title: 'Free money, tap here' });
      const loop = Array.from({ length: 20 }, () => [
        () => req('POST', `/api/v1/games/${game.id}/co-hosts`, host, { userId: target.id }),
        () => req('DELETE', `/api/v1/games/${game.id}/co-hosts/${target.id}`, host),
      ]).flat();
      const { statuses, refused } = await untilRefused(loop);
      assert.equal(statuses.length, t.config.rateLimits.membership, 'the configured number of changes go through');
      assert.ok(
        statuses.every((status) => status === 201 || status === 204),
        statuses.join(','),
      );
      assert.ok(refused, 'the loop is refused');
      assertProblem(refused, 429, 'rate_limited');
      assert.equal(refused.headers['ratelimit-limit'], String(t.config.rateLimits.membership));
      assert.ok(Number(refused.headers['retry-after']) >= 1);

      const told = await about(target, game.id);
      assert.equal(told.length, 1, 'one notification, not one per change');
      assert.equal(told[0]!.type, 'CO_HOST_INVITED', 'a withdrawal tells nobody; the invitations are one notification');
      assert.equal(told[0]!.isRead, false);
      assert.match(told[0]!.message, /"Free money, tap here"/, 'the title the organiser chose is quoted');
      await fcm.until(() => sentTo(phone).length >= 1);
      assert.equal(sentTo(phone).length, 1, 'pushed once');
    });

    it('repeats coalesce only within the window: after NOTIFICATION_COALESCE_MINUTES of quiet, the next act is a new notification', async () => {
      const host = await onboardedUser(t.app, 'Host Window');
      const target = await onboardedUser(t.app, 'Target Wen');
      const game = await newGame(host);
      assert.equal((await req('POST', `/api/v1/games/${game.id}/co-hosts`, host, { userId: target.id })).statusCode, 201);
      clock.advance(t.config.notificationCoalesceSeconds + 1);
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${target.id}`, host)).statusCode, 204);
      assert.equal((await req('POST', `/api/v1/games/${game.id}/co-hosts`, host, { userId: target.id })).statusCode, 201);
      assert.deepEqual(
        (await about(target, game.id)).map((n) => n.type),
        ['CO_HOST_INVITED', 'CO_HOST_INVITED'],
      );
      // Another actor's act on the same person and game is never folded into the first one's.
      const other = await onboardedUser(t.app, 'Other Host');
      const otherGame = await newGame(other);
      assert.equal((await req('POST', `/api/v1/games/${otherGame.id}/co-hosts`, other, { userId: target.id })).statusCode, 201);
      assert.equal((await about(target, game.id)).length, 2);
      assert.equal((await about(target, otherGame.id)).length, 1);
    });

    it('a join-request/withdraw loop hits 429 after RATE_LIMIT_JOIN_REQUEST, and the organiser gets one notification', async () => {
      const host = await onboardedUser(t.app, 'Host Requests');
      const flooder = await onboardedUser(t.app, 'Rex Requester');
      const game = await newGame(host, { joinPolicy: 'APPROVAL', visibility: 'PUBLIC' });
      const loop = Array.from({ length: 20 }, () => [
        () => req('POST', `/api/v1/games/${game.id}/join-requests`, flooder, { message: 'Admin here: your account is locked' }),
        () => req('DELETE', `/api/v1/games/${game.id}/join-requests/me`, flooder),
      ]).flat();
      const { statuses, refused } = await untilRefused(loop);
      assert.equal(statuses.length, t.config.rateLimits.joinRequest);
      assert.ok(refused);
      assertProblem(refused, 429, 'rate_limited');
      const told = await about(host, game.id);
      assert.equal(told.length, 1, told.map((n) => n.type).join(','));
      assert.equal(told[0]!.type, 'JOIN_REQUEST_WITHDRAWN');
      // Someone else's request is their own act: told apart.
      const other = await onboardedUser(t.app, 'Olga Other');
      assert.equal((await req('POST', `/api/v1/games/${game.id}/join-requests`, other, {})).statusCode, 201);
      assert.equal((await about(host, game.id)).length, 2);
    });

    it('device registration is rate-limited (RATE_LIMIT_DEVICE_REGISTRATION) with the same 429 and headers', async () => {
      const user = await createUser(t.app);
      const { statuses, refused } = await untilRefused(Array.from({ length: 20 }, () => () => register(user, deviceToken('spam'))));
      assert.equal(statuses.length, t.config.rateLimits.deviceRegistration);
      assert.ok(refused);
      assertProblem(refused, 429, 'rate_limited');
      assert.equal(refused.headers['ratelimit-remaining'], '0');
    });
  });

  describe(`devices bounded (${backend.name})`, () => {
    const clock = new TestClock(new Date('2035-04-01T02:00:00Z'));
    let fcm: FakeFcm;
    let t: TestApp;
    let sport: Sport;
    const gateway = new GatedGateway();
    const sentTo = (token: string) => fcm.delivered.filter((item) => item.token === token);

    before(async () => {
      fcm = await startFakeFcm();
      t = await buildTestApp(
        backend,
        {
          ...fcmSettings(fcm),
          RATE_LIMIT_DEVICE_REGISTRATION: '100000',
          RATE_LIMIT_PARTICIPATION: '100000',
        },
        // Woken only by the notifications' signals, never by a poll: a poll's pass that found nothing
        // pending could claim the first join's pushes a moment later and send them past the gate
        // (only a pass that finds pushes pending waits for the gateway), and the batches would not be
        // the ones this test means. A signal's pass always finds its own pushes pending.
        { clock, pushPollMs: 3_600_000, pushGateway: gateway },
      );
      gateway.inner = new FcmPushGateway(t.config.push.fcm!);
      sport = await createSport(t.app, await createUser(t.app, { admin: true }), { name: 'Devicebol' });
    });
    after(async () => {
      gateway.open();
      await t.close();
      await fcm.close();
    });

    const join = async (gameId: string) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/participants`, headers: (await createUser(t.app)).auth });
      assert.equal(response.statusCode, 201, response.body);
    };

    it("1,000 registrations keep 10 devices; a notification makes at most 10 pushes; another user's push goes in the first batch", async () => {
      const flooder = await onboardedUser(t.app, 'Flo Flooder');
      const tokens = Array.from({ length: 1000 }, () => deviceToken('flood'));
      const register = (token: string) => registerDevice(t.app, flooder, token);
      // 990 in concurrent waves (the cap must hold under concurrency), then the last ten one by one, each later.
      for (let i = 0; i < 990; i += 55) await Promise.all(tokens.slice(i, Math.min(i + 55, 990)).map(register));
      for (const token of tokens.slice(990)) {
        clock.advance(1);
        await register(token);
      }
      const quiet = await onboardedUser(t.app, 'Quinn Quiet');
      const quietPhone = deviceToken('quiet');
      await registerDevice(t.app, quiet, quietPhone, 'IOS');

      // The flooder hosts a game and five players join it (five notifications), then one joins the quiet user's.
      const flooded = await createGame(t.app, flooder, gameBody(sport, clock.now(), 48, { slots: 10 }));
      const calm = await createGame(t.app, quiet, gameBody(sport, clock.now(), 60, { slots: 10 }));
      for (let i = 0; i < 5; i++) await join(flooded.id);
      await join(calm.id);
      gateway.open();

      const kept = tokens.slice(-10);
      await fcm.until(() => fcm.delivered.length >= 51, 20_000);
      const firstBatch = fcm.delivered.slice(0, 20).map((item) => item.token);
      assert.ok(firstBatch.includes(quietPhone), "the quiet user's push is in the first batch");
      assert.equal(sentTo(quietPhone).length, 1);
      const flooderPushes = fcm.delivered.filter((item) => item.token.startsWith('flood-'));
      assert.equal(flooderPushes.length, 50, 'five notifications × ten devices');
      assert.deepEqual(new Set(flooderPushes.map((item) => item.token)), new Set(kept), 'only the ten most recently registered devices');
      for (const token of kept) assert.equal(sentTo(token).length, 5, 'one push per notification per device');
    });

    it('re-registering a device makes it recent again: the least recently used one is evicted instead', async () => {
      const user = await onboardedUser(t.app, 'Rita Reuse');
      const tokens = Array.from({ length: 10 }, () => deviceToken('reuse'));
      const register = (token: string) => {
        clock.advance(1);
        return registerDevice(t.app, user, token, 'WEB');
      };
      for (const token of tokens) await register(token);
      await register(tokens[0]!);
      const extra = deviceToken('reuse');
      await register(extra);
      const game = await createGame(t.app, user, gameBody(sport, clock.now(), 80, { slots: 10 }));
      const before = fcm.delivered.length;
      await join(game.id);
      await fcm.until(() => fcm.delivered.length >= before + 10);
      const reached = new Set(fcm.delivered.slice(before).map((item) => item.token));
      assert.ok(reached.has(tokens[0]!), 'the refreshed device is kept');
      assert.ok(reached.has(extra));
      assert.ok(!reached.has(tokens[1]!), 'the least recently used one went');
      assert.equal(reached.size, 10);
    });
  });
}
