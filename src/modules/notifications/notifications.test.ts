import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { createGame, gameBody, onboardedUser, type Game } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { createUser, mintTokens, type TestUser } from '../../../test/helpers/users.ts';
import { LoggingPushGateway } from './push.ts';

interface Item {
  id: string;
  type: string;
  title: string;
  message: string;
  resourceType: string;
  resourceId: string;
  isRead: boolean;
  readAt: string | null;
  createdAt: string;
}

for (const backend of backends) {
  describe(`notifications (${backend.name})`, () => {
    const clock = new TestClock(new Date('2031-05-05T01:00:00Z'));

    const t = appSuite(backend, { overrides: { clock }, sport: 'Futsal', host: 'Host Tan' });

    const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser, payload?: object) =>
      t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    const all = async (who: TestUser): Promise<Item[]> => {
      const response = await req('GET', '/api/v1/notifications?size=100', who);
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data.content as Item[];
    };
    /** The user's notification types about one game, oldest first. */
    const typesFor = async (who: TestUser, game: Game) =>
      (await all(who))
        .filter((n) => n.resourceId === game.id)
        .map((n) => n.type)
        .reverse();
    const join = (who: TestUser, game: Game) => req('POST', `/api/v1/games/${game.id}/participants`, who);

    it('join, fill, waitlist, leave (promotion), update, remove and cancel notify exactly the right users', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 72, { slots: 2, title: 'Sunday Futsal' }));
      const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];

      assert.equal((await join(a, game)).statusCode, 201);
      assert.deepEqual(await typesFor(t.host, game), ['PLAYER_JOINED']);
      assert.equal((await join(b, game)).statusCode, 201);
      assert.deepEqual(await typesFor(t.host, game), ['PLAYER_JOINED', 'PLAYER_JOINED', 'GAME_FULL']);
      const waiting = await join(c, game);
      assert.equal(waiting.json().data.status, 'WAITLISTED');
      assert.deepEqual(await typesFor(t.host, game), ['PLAYER_JOINED', 'PLAYER_JOINED', 'GAME_FULL', 'PLAYER_JOINED']);
      for (const player of [a, b, c]) assert.deepEqual(await typesFor(player, game), [], 'players hear nothing of joins');

      // Later than NOTIFICATION_COALESCE_MINUTES: sooner, a's leave would update a's join notification (coalescing.test.ts).
      clock.advance(t.config.notificationCoalesceSeconds + 1);
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/participants/me`, a)).statusCode, 204);
      assert.deepEqual((await typesFor(t.host, game)).slice(4), ['PLAYER_LEFT']);
      assert.deepEqual(await typesFor(c, game), ['WAITLIST_PROMOTED'], 'the promoted player is told');
      assert.deepEqual(await typesFor(a, game), []);
      assert.deepEqual(await typesFor(b, game), []);

      assert.equal((await req('PUT', `/api/v1/games/${game.id}`, t.host, { description: 'Now with a ball' })).statusCode, 200);
      assert.deepEqual(await typesFor(b, game), ['GAME_UPDATED']);
      assert.deepEqual(await typesFor(c, game), ['WAITLIST_PROMOTED', 'GAME_UPDATED']);
      assert.deepEqual(await typesFor(a, game), [], 'a player who left is not told');

      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/participants/${b.id}`, t.host)).statusCode, 204);
      assert.deepEqual(await typesFor(b, game), ['GAME_UPDATED', 'PLAYER_REMOVED']);
      assert.deepEqual(await typesFor(c, game), ['WAITLIST_PROMOTED', 'GAME_UPDATED']);

      assert.equal((await req('DELETE', `/api/v1/games/${game.id}`, t.host)).statusCode, 204);
      assert.deepEqual(await typesFor(c, game), ['WAITLIST_PROMOTED', 'GAME_UPDATED', 'GAME_CANCELLED']);
      assert.deepEqual(await typesFor(b, game), ['GAME_UPDATED', 'PLAYER_REMOVED'], 'a removed player is not told of the cancellation');
      assert.deepEqual(
        await typesFor(t.host, game),
        ['PLAYER_JOINED', 'PLAYER_JOINED', 'GAME_FULL', 'PLAYER_JOINED', 'PLAYER_LEFT'],
        'the actor is never told of their own change',
      );

      const [latest] = await all(c);
      assert.equal(latest!.type, 'GAME_CANCELLED');
      assert.equal(latest!.resourceType, 'GAME');
      assert.equal(latest!.resourceId, game.id);
      assert.match(latest!.message, /Sunday Futsal/);
      assert.equal(latest!.isRead, false);
      assert.equal(latest!.readAt, null);
      assert.equal(latest!.createdAt, clock.now().toISOString());
    });

    it('a join that fails (cancelled game, game already started) notifies nobody', async () => {
      const cancelled = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 100));
      assert.equal((await req('DELETE', `/api/v1/games/${cancelled.id}`, t.host)).statusCode, 204);
      const soon = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 1));
      const late = await createUser(t.app);
      assertProblem(await join(late, cancelled), 409, 'game_not_joinable');
      clock.advance(2 * 3600);
      const fresh = await mintTokens(t.app, late.id);
      late.auth = { authorization: `Bearer ${fresh.accessToken}` };
      t.host.auth = { authorization: `Bearer ${(await mintTokens(t.app, t.host.id)).accessToken}` };
      assertProblem(await join(late, soon), 409, 'game_not_joinable');
      assert.deepEqual(await typesFor(t.host, cancelled), []);
      assert.deepEqual(await typesFor(t.host, soon), []);
      assert.deepEqual(await all(late), []);
    });

    it("counts unread, marks one read idempotently, reads all, deletes; another user's id is 404", async () => {
      const owner = await onboardedUser(t.app, 'Owner');
      const game = await createGame(t.app, owner, gameBody(t.sport, clock.now(), 80, { slots: 10 }));
      for (let i = 0; i < 3; i++) assert.equal((await join(await createUser(t.app), game)).statusCode, 201);
      const count = async (who: TestUser) => (await req('GET', '/api/v1/notifications/unread-count', who)).json().data.count as number;
      assert.equal(await count(owner), 3);

      const page = (await req('GET', '/api/v1/notifications?page=0&size=2', owner)).json().data;
      assert.deepEqual(page.page, { number: 0, size: 2, totalElements: 3, totalPages: 2 });
      const [newest, second] = page.content as Item[];
      const oldest = ((await req('GET', '/api/v1/notifications?page=1&size=2', owner)).json().data.content as Item[])[0]!;
      assert.notEqual(newest!.id, second!.id);

      const first = await req('PUT', `/api/v1/notifications/${newest!.id}/read`, owner);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().data.isRead, true);
      const readAt = first.json().data.readAt;
      assert.equal(readAt, clock.now().toISOString());
      clock.advance(60);
      const again = await req('PUT', `/api/v1/notifications/${newest!.id}/read`, owner);
      assert.equal(again.statusCode, 200);
      assert.equal(again.json().data.readAt, readAt, 'reading again keeps the first readAt');
      assert.equal(await count(owner), 2);

      const stranger = await createUser(t.app);
      assertProblem(await req('PUT', `/api/v1/notifications/${second!.id}/read`, stranger), 404, 'notification_not_found');
      assertProblem(await req('DELETE', `/api/v1/notifications/${second!.id}`, stranger), 404, 'notification_not_found');
      assertProblem(await req('PUT', '/api/v1/notifications/00000000-0000-4000-8000-000000000000/read', owner), 404);
      assertProblem(await req('PUT', '/api/v1/notifications/not-a-uuid/read', owner), 400);
      assert.equal(await count(owner), 2, 'a stranger changed nothing');

      const readAll = await req('PUT', '/api/v1/notifications/read-all', owner);
      assert.equal(readAll.statusCode, 200);
      assert.deepEqual(readAll.json().data, { updated: 2 });
      assert.deepEqual((await req('PUT', '/api/v1/notifications/read-all', owner)).json().data, { updated: 0 });
      assert.equal(await count(owner), 0);

      const deleted = await req('DELETE', `/api/v1/notifications/${oldest.id}`, owner);
      assert.equal(deleted.statusCode, 204);
      assert.equal(deleted.body, '');
      assertProblem(await req('DELETE', `/api/v1/notifications/${oldest.id}`, owner), 404);
      assert.equal((await all(owner)).length, 2);
      assertProblem(await t.app.inject({ url: '/api/v1/notifications' }), 401);
      assertProblem(await t.app.inject({ url: '/api/v1/notifications/unread-count' }), 401);
    });

    it('registers device tokens idempotently and unregisters them', async () => {
      const user = await createUser(t.app);
      const body = { deviceToken: 'fcm-token-abc', platform: 'ANDROID' };
      for (let i = 0; i < 2; i++) {
        const response = await req('POST', '/api/v1/device-tokens', user, body);
        assert.equal(response.statusCode, 201, response.body);
        assert.equal(response.json().data.platform, 'ANDROID');
        assert.doesNotMatch(response.body, /fcm-token-abc/);
      }
      assertProblem(await req('POST', '/api/v1/device-tokens', user, { deviceToken: 'x', platform: 'SYMBIAN' }), 400, 'validation_failed');
      assertProblem(await req('POST', '/api/v1/device-tokens', user, { platform: 'IOS' }), 400, 'validation_failed');
      assertProblem(await req('POST', '/api/v1/device-tokens', user, { deviceToken: 'abc\u0000def', platform: 'IOS' }), 400, 'validation_failed');
      assertProblem(await req('DELETE', '/api/v1/device-tokens?deviceToken=%00x', user), 400, 'validation_failed');
      for (let i = 0; i < 2; i++) {
        const response = await req('DELETE', '/api/v1/device-tokens?deviceToken=fcm-token-abc', user);
        assert.equal(response.statusCode, 204);
      }
      assertProblem(await req('DELETE', '/api/v1/device-tokens', user), 400);
      assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/device-tokens', payload: body }), 401);
    });
  });
}

describe('logging push gateway', () => {
  it('logs the type and platform, never a token, and counts the push as sent', async () => {
    const lines: unknown[] = [];
    const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
    const result = await new LoggingPushGateway(log).send(
      { notificationId: 'n', type: 'GAME_FULL', title: 't', message: 'm', resourceType: 'GAME', resourceId: 'g' },
      { deviceToken: 'secret-device-token', platform: 'IOS' },
    );
    assert.deepEqual(result, { outcome: 'sent' });
    const text = JSON.stringify(lines);
    assert.match(text, /GAME_FULL/);
    assert.match(text, /"platform":"IOS"/);
    assert.doesNotMatch(text, /secret-device-token/);
  });
});
