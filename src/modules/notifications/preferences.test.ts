import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { buildPushTestApp, registerDevice } from '../../../test/helpers/push-app.ts';
import { startFakeFcm, type FakeFcm } from '../../../test/helpers/fake-fcm.ts';
import { createGame, createSport, gameBody, onboardedUser, type Sport } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { listen, openStream, type SseClient } from '../../../test/helpers/sse.ts';
import type { TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, mintTokens, type TestUser } from '../../../test/helpers/users.ts';
import type { Database } from '../../platform/db/index.ts';

const PREFS = '/api/v1/me/notification-preferences';
const TYPES = [
  ...['PLAYER_JOINED', 'PLAYER_LEFT', 'GAME_FULL', 'WAITLIST_PROMOTED', 'GAME_UPDATED', 'GAME_CANCELLED', 'PLAYER_REMOVED', 'GAME_REMINDER'],
  ...['GAME_CONFIRMED', 'GAME_NOT_ENOUGH_PLAYERS', 'CO_HOST_ADDED', 'CO_HOST_REMOVED', 'WAITLIST_OFFERED', 'WAITLIST_OFFER_EXPIRED'],
  ...['JOIN_REQUESTED', 'JOIN_REQUEST_APPROVED', 'JOIN_REQUEST_DECLINED', 'JOIN_REQUEST_WITHDRAWN', 'SERIES_GAME_JOINED', 'SERIES_OCCURRENCE_SKIPPED'],
  ...['MARKED_NO_SHOW', 'NO_SHOW_UPHELD', 'NO_SHOW_DISMISSED', 'PAYMENT_REMINDER', 'PAYMENT_SUMMARY', 'GAME_DAY_SUMMARY'],
  ...['CO_HOST_INVITED', 'SERIES_CO_HOST_INVITED', 'SERIES_REGULAR_INVITED', 'SERIES_REGULAR_REMOVED', 'JOIN_REQUEST_CANCELLED', 'JOIN_REQUEST_LAPSED'],
  'PLACE_RELEASED',
  ...['CHAT_HOSTING', 'CHAT_PLAYING', 'CHAT_MENTION'],
];
/** Push off until turned on: a player's chat (docs/notifications.md). */
const PUSH_OFF_BY_DEFAULT = ['CHAT_PLAYING'];

for (const backend of backends) {
  describe(`notification preferences (${backend.name})`, () => {
    // 2031-03-10 10:00 in Singapore (UTC+8), the default APP_TIME_ZONE.
    const clock = new TestClock(new Date('2031-03-10T02:00:00Z'));
    let fcm: FakeFcm;
    let t: TestApp;
    let db: Database;
    let base: string;
    let sport: Sport;
    const streams: SseClient[] = [];

    before(async () => {
      fcm = await startFakeFcm();
      ({ t, db } = await buildPushTestApp(backend, fcm, clock));
      base = await listen(t.app);
      sport = await createSport(t.app, await createUser(t.app, { admin: true }), { name: 'Quiet ball' });
    });
    after(async () => {
      for (const stream of streams) stream.close();
      await t.close();
      await fcm.close();
    });

    const put = (who: TestUser, payload: unknown) => t.app.inject({ method: 'PUT', url: PREFS, headers: who.auth, payload: payload as object });
    const get = async (who: TestUser) => {
      const response = await t.app.inject({ url: PREFS, headers: who.auth });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data;
    };
    const refresh = async (who: TestUser) => {
      who.auth = { authorization: `Bearer ${(await mintTokens(t.app, who.id)).accessToken}` };
    };
    const listed = async (who: TestUser) =>
      (await t.app.inject({ url: '/api/v1/notifications?size=100', headers: who.auth })).json().data.content as Array<{ type: string; resourceId: string }>;
    const unread = async (who: TestUser) => (await t.app.inject({ url: '/api/v1/notifications/unread-count', headers: who.auth })).json().data.count as number;
    /** Pushes to `token` once the outbox is empty (everything queued has been sent). */
    const pushedTo = async (token: string) => {
      for (;;) {
        const result: unknown = await db.execute(sql`SELECT count(*)::int AS n FROM push_outbox`);
        if (Number((result as { rows: Array<{ n: number }> }).rows[0]?.n) === 0) break;
        await fcm.until(() => false, 20).catch(() => undefined);
      }
      return fcm.delivered.filter((item) => item.token === token).map((item) => item.message.data.type);
    };
    const hostWithPhone = async (token: string) => {
      const host = await onboardedUser(t.app, 'Host Prefs');
      await registerDevice(t.app, host, token);
      return host;
    };
    const join = async (gameId: string) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/participants`, headers: (await createUser(t.app)).auth });
      assert.equal(response.statusCode, 201, response.body);
    };

    it("defaults keep today's behaviour; a PUT is a patch; bad input is a 400 that changes nothing", async () => {
      const user = await createUser(t.app);
      const defaults = await get(user);
      assert.deepEqual(Object.keys(defaults.types).sort(), [...TYPES].sort());
      for (const type of TYPES) assert.deepEqual(defaults.types[type], { inApp: true, push: !PUSH_OFF_BY_DEFAULT.includes(type) });
      assert.equal(defaults.quietHours, null);
      assert.equal(defaults.timeZone, 'Asia/Singapore');
      assert.deepEqual(defaults.mutedGameIds, []);

      const changed = await put(user, { types: { PLAYER_JOINED: { inApp: false }, GAME_FULL: { push: false } } });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.deepEqual(changed.json().data.types.PLAYER_JOINED, { inApp: false, push: true });
      assert.deepEqual(changed.json().data.types.GAME_FULL, { inApp: true, push: false });
      const muted = '00000000-0000-4000-8000-0000000000aa';
      const second = await put(user, { quietHours: { start: '22:00', end: '07:00' }, mutedGameIds: [muted] });
      assert.equal(second.statusCode, 200, second.body);
      const now = await get(user);
      assert.deepEqual(now.types.PLAYER_JOINED, { inApp: false, push: true }, 'absent fields stay');
      assert.deepEqual(now.quietHours, { start: '22:00', end: '07:00' });
      assert.deepEqual(now.mutedGameIds, [muted]);

      assertProblem(await put(user, { quietHours: { start: '08:00', end: '08:00' } }), 400, 'validation_failed');
      assertProblem(await put(user, { quietHours: { start: '24:00', end: '07:00' } }), 400, 'validation_failed');
      assertProblem(await put(user, { mutedGameIds: ['not-a-uuid'] }), 400, 'validation_failed');
      assertProblem(await put(user, { types: { GAME_FULL: { push: 'no' } } }), 400, 'validation_failed');
      // A typo in a key that names the setting would otherwise be dropped while the caller believes it was saved.
      const typo = assertProblem(
        await put(user, { types: { PLAYER_JOIN: { push: false }, GAME_FULL: { pushh: false, inApp: false } } }),
        400,
        'validation_failed',
      );
      assert.deepEqual(
        typo.errors.map((e: { field: string; location: string }) => `${e.location}:${e.field}`),
        ['body:types.PLAYER_JOIN', 'body:types.GAME_FULL.pushh'],
      );
      assert.deepEqual(await get(user), now, 'refused requests changed nothing');

      const cleared = await put(user, { quietHours: null, mutedGameIds: [], types: { PLAYER_JOINED: { inApp: true } } });
      assert.equal(cleared.json().data.quietHours, null);
      assert.deepEqual(cleared.json().data.mutedGameIds, []);
      assert.deepEqual(cleared.json().data.types.PLAYER_JOINED, { inApp: true, push: true });
      assertProblem(await t.app.inject({ url: PREFS }), 401);
      assertProblem(await t.app.inject({ method: 'PUT', url: PREFS, payload: {} }), 401);
    });

    it('in-app off: not listed, not counted, not streamed, still pushed; push off: listed and streamed, not pushed', async () => {
      const host = await hostWithPhone('prefs-phone-1');
      assert.equal((await put(host, { types: { PLAYER_JOINED: { inApp: false }, GAME_FULL: { push: false } } })).statusCode, 200);
      const game = await createGame(t.app, host, gameBody(sport, clock.now(), 48, { slots: 1 }));
      const stream = await openStream(`${base}/api/v1/notifications/stream`, host.auth);
      streams.push(stream);
      await join(game.id); // PLAYER_JOINED (push only) and GAME_FULL (in-app only)
      const event = await stream.next(2000);
      assert.equal(JSON.parse(event.data).type, 'GAME_FULL');
      await assert.rejects(stream.next(300), /no event/, 'the in-app-off join is not streamed');
      assert.deepEqual(
        (await listed(host)).map((item) => item.type),
        ['GAME_FULL'],
      );
      assert.equal(await unread(host), 1);
      assert.deepEqual(await pushedTo('prefs-phone-1'), ['PLAYER_JOINED']);
    });

    it('quiet hours (Singapore time, across midnight) hold back push only; outside them push goes again', async () => {
      const host = await hostWithPhone('prefs-phone-2');
      assert.equal((await put(host, { quietHours: { start: '22:00', end: '07:00' } })).statusCode, 200);
      clock.set(new Date('2031-03-10T15:30:00Z')); // 23:30 in Singapore
      await refresh(host);
      const game = await createGame(t.app, host, gameBody(sport, clock.now(), 48, { slots: 10 }));
      await join(game.id);
      assert.equal((await listed(host)).length, 1, 'in the app as usual');
      assert.deepEqual(await pushedTo('prefs-phone-2'), [], 'no push at 23:30');
      clock.set(new Date('2031-03-10T22:59:00Z')); // 06:59
      await refresh(host);
      await join(game.id);
      assert.deepEqual(await pushedTo('prefs-phone-2'), [], 'no push at 06:59');
      clock.set(new Date('2031-03-10T23:00:00Z')); // 07:00: the end is not quiet any more
      await refresh(host);
      await join(game.id);
      assert.deepEqual(await pushedTo('prefs-phone-2'), ['PLAYER_JOINED']);
      assert.equal((await listed(host)).length, 3);
    });

    it('a muted game tells its organiser nothing, in the app or on the phone; other games still do', async () => {
      const host = await hostWithPhone('prefs-phone-3');
      await refresh(host);
      const muted = await createGame(t.app, host, gameBody(sport, clock.now(), 48, { slots: 10 }));
      const other = await createGame(t.app, host, gameBody(sport, clock.now(), 96, { slots: 10 }));
      assert.equal((await put(host, { mutedGameIds: [muted.id] })).statusCode, 200);
      await join(muted.id);
      await join(other.id);
      assert.deepEqual(
        (await listed(host)).map((item) => item.resourceId),
        [other.id],
      );
      assert.deepEqual(await pushedTo('prefs-phone-3'), ['PLAYER_JOINED']);
      assert.equal(fcm.delivered.filter((item) => item.token === 'prefs-phone-3')[0]!.message.data.resourceId, other.id);
    });

    it("the organisers' types have preferences too: join requests turned off in the app are pushed only", async () => {
      const host = await hostWithPhone('prefs-phone-4');
      await refresh(host);
      assert.equal((await put(host, { types: { JOIN_REQUESTED: { inApp: false } } })).statusCode, 200);
      const game = await createGame(t.app, host, gameBody(sport, clock.now(), 120, { joinPolicy: 'APPROVAL' }));
      const asker = await onboardedUser(t.app, 'Asking Ann');
      const asked = await t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/join-requests`, headers: asker.auth, payload: {} });
      assert.equal(asked.statusCode, 201, asked.body);
      assert.deepEqual(await listed(host), []);
      assert.deepEqual(await pushedTo('prefs-phone-4'), ['JOIN_REQUESTED']);
    });
  });
}
