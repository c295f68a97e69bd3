import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { backends, realBackend } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { gameOnTwoInstances } from '../../../test/helpers/cluster-game.ts';
import { createGame, gameBody, onboardedUser } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { INTERNAL_SECRET } from '../../../test/helpers/test-app.ts';
import { mintTokens, type TestUser } from '../../../test/helpers/users.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const processed = async (app: FastifyInstance, name: string) => {
  const response = await app.inject({ method: 'POST', url: `/api/v1/internal/jobs/${name}/run`, headers: { 'x-internal-secret': INTERNAL_SECRET } });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data.processed as number;
};
/** Every instance runs the job twice at once: what was released in all. */
const everywhere = async (apps: FastifyInstance[], name: string) =>
  (await Promise.all([...apps, ...apps].map((app) => processed(app, name)))).reduce((a, b) => a + b, 0);
const refresh = async (app: FastifyInstance, ...users: TestUser[]) => {
  for (const user of users) user.auth = { authorization: `Bearer ${(await mintTokens(app, user.id)).accessToken}` };
};
const call = (app: FastifyInstance, who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const join = async (app: FastifyInstance, who: TestUser, gameId: string) => {
  const response = await call(app, who, 'POST', `/api/v1/games/${gameId}/participants`);
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data.status as string;
};
const roster = async (app: FastifyInstance, host: TestUser, gameId: string) => {
  const players = (await call(app, host, 'GET', `/api/v1/games/${gameId}/participants`)).json().data as Array<{ userId: string; status: string }>;
  return new Map(players.map((player) => [player.userId, player.status]));
};
const notices = async (app: FastifyInstance, user: TestUser, type: string) => {
  const response = await app.inject({ url: '/api/v1/notifications?size=100', headers: user.auth });
  return (response.json().data.content as Array<{ type: string; message: string }>).filter((n) => n.type === type);
};

for (const backend of backends) {
  describe(`payments: releasing unpaid places (${backend.name})`, () => {
    const clock = new TestClock(new Date('2032-07-05T00:00:00Z'));
    const t = appSuite(backend, { overrides: { clock }, sport: 'Badminton' });

    /** A full game of two places starting in 30 hours (from `now`, where the clock is then set), one player waiting. */
    const fullGame = async (now?: string) => {
      if (now) clock.set(new Date(now));
      const host = await onboardedUser(t.app, 'Organiser Tan');
      const game = await createGame(t.app, host, gameBody(t.sport, clock.now(), 30, { slots: 2, title: 'Sunday doubles' }));
      const [unpaid, payer, waiting] = [await onboardedUser(t.app, 'Unpaid'), await onboardedUser(t.app, 'Payer'), await onboardedUser(t.app, 'Waiting')];
      assert.equal(await join(t.app, unpaid, game.id), 'ACTIVE');
      assert.equal(await join(t.app, payer, game.id), 'ACTIVE');
      assert.equal(await join(t.app, waiting, game.id), 'WAITLISTED');
      return { host, game, unpaid, payer, waiting, start: new Date(game.startTime) };
    };
    /** The clock at `instant`, fresh tokens for `who`: how many places the release job then frees. */
    const releasedAt = async (instant: Date, ...who: TestUser[]) => {
      clock.set(instant);
      await refresh(t.app, ...who);
      return processed(t.app, 'payment-releases');
    };

    it('is off by default: nobody is released, and the pay sheet names no deadline', async () => {
      const { host, game, unpaid, start } = await fullGame();
      assert.equal((await call(t.app, unpaid, 'GET', `/api/v1/games/${game.id}/payments/me`)).json().data.releaseAt, null);
      assert.equal((await call(t.app, host, 'GET', `/api/v1/games/${game.id}/ledger`)).json().data.releaseUnpaidHoursBefore, null);
      clock.set(new Date(start.getTime() - HOUR_MS));
      assert.equal(await processed(t.app, 'payment-releases'), 0);
      await refresh(t.app, host);
      assert.equal((await roster(t.app, host, game.id)).get(unpaid.id), 'ACTIVE');
    });

    it('releases a player still DUE at the deadline to the waitlist, keeps a claimed or paid one, and nothing a minute before', async () => {
      const { host, game, unpaid, payer, waiting, start } = await fullGame('2032-07-10T00:00:00Z');
      const rules = `/api/v1/games/${game.id}/payment-rules`;
      const saved = await call(t.app, host, 'PUT', rules, { payBy: 'BEFORE', releaseUnpaidHoursBefore: 24 });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.deepEqual(saved.json().data, { payBy: 'BEFORE', releaseUnpaidHoursBefore: 24 });
      const deadline = new Date(start.getTime() - 24 * HOUR_MS).toISOString();
      assert.equal((await call(t.app, unpaid, 'GET', `/api/v1/games/${game.id}/payments/me`)).json().data.releaseAt, deadline);
      const ledger = (await call(t.app, host, 'GET', `/api/v1/games/${game.id}/ledger`)).json().data;
      assert.equal(ledger.releaseUnpaidHoursBefore, 24);
      assert.equal(ledger.releaseAt, deadline);
      assert.equal((await call(t.app, payer, 'POST', `/api/v1/games/${game.id}/payments/me/claim`, {})).statusCode, 200);

      clock.set(new Date(start.getTime() - 24 * HOUR_MS - MINUTE_MS));
      assert.equal(await processed(t.app, 'payment-releases'), 0, 'a minute before the deadline: nothing');
      clock.set(new Date(start.getTime() - 24 * HOUR_MS));
      await refresh(t.app, host, unpaid, payer, waiting);
      assert.equal(await everywhere([t.app], 'payment-releases'), 1, 'the unpaid player, once');
      assert.equal(await processed(t.app, 'payment-releases'), 0);
      const after = await roster(t.app, host, game.id);
      assert.equal(after.has(unpaid.id), false, 'the unpaid player lost their place');
      assert.equal(after.get(payer.id), 'ACTIVE', 'a claim keeps the place');
      assert.equal(after.get(waiting.id), 'ACTIVE', 'the first on the waitlist got it');
      const [told, ...more] = await notices(t.app, unpaid, 'PLACE_RELEASED');
      assert.equal(more.length, 0);
      assert.match(told!.message, /Sunday doubles/);
      const entries = (await call(t.app, host, 'GET', `/api/v1/games/${game.id}/ledger`)).json().data.players as Array<{
        userId: string;
        entries: Array<{ state: string }>;
      }>;
      assert.deepEqual(
        entries.find((p) => p.userId === unpaid.id)?.entries.map((e) => e.state),
        ['CANCELLED'],
        'nothing was paid: nothing owed, nothing refunded',
      );
      assert.deepEqual(
        entries.find((p) => p.userId === waiting.id)?.entries.map((e) => e.state),
        ['DUE'],
      );
      assert.equal(await releasedAt(new Date(start.getTime() - 2 * HOUR_MS), host), 0, 'who got the place after the deadline is not released');
      assert.equal((await roster(t.app, host, game.id)).get(waiting.id), 'ACTIVE');
    });

    it('keeps a player whose place a host confirmed as paid', async () => {
      const { host, game, unpaid, start } = await fullGame('2032-07-20T00:00:00Z');
      assert.equal((await call(t.app, host, 'PUT', `/api/v1/games/${game.id}/payment-rules`, { payBy: 'AFTER', releaseUnpaidHoursBefore: 2 })).statusCode, 200);
      const ledger = (await call(t.app, host, 'GET', `/api/v1/games/${game.id}/ledger`)).json().data;
      const entry = ledger.players.find((p: { userId: string }) => p.userId === unpaid.id).entries[0];
      assert.equal((await call(t.app, host, 'POST', `/api/v1/games/${game.id}/ledger/${entry.id}`, { state: 'PAID' })).statusCode, 200);
      assert.equal(await releasedAt(new Date(start.getTime() - 2 * HOUR_MS), host), 1, 'only the other player, still DUE');
      assert.equal((await roster(t.app, host, game.id)).get(unpaid.id), 'ACTIVE');
    });

    it('refuses bad rule input and changes nothing', async () => {
      const { host, game, unpaid } = await fullGame('2032-07-25T00:00:00Z');
      const rules = `/api/v1/games/${game.id}/payment-rules`;
      assert.equal((await call(t.app, host, 'PUT', rules, { payBy: 'AFTER', releaseUnpaidHoursBefore: 12 })).statusCode, 200);
      for (const bad of [5, 0, -2, 100, '24', 24.5])
        assertProblem(await call(t.app, host, 'PUT', rules, { payBy: 'AFTER', releaseUnpaidHoursBefore: bad }), 400);
      assertProblem(await call(t.app, unpaid, 'PUT', rules, { payBy: 'AFTER', releaseUnpaidHoursBefore: 2 }), 404, 'game_not_found');
      assert.equal((await call(t.app, host, 'GET', `/api/v1/games/${game.id}/ledger`)).json().data.releaseUnpaidHoursBefore, 12);
      // Saved after its deadline: nobody is released at this game's deadline.
      clock.set(new Date(new Date(game.startTime).getTime() - 3 * HOUR_MS));
      await refresh(t.app, host);
      assert.equal((await call(t.app, host, 'PUT', rules, { payBy: 'AFTER', releaseUnpaidHoursBefore: 6 })).statusCode, 200);
      assert.equal(await processed(t.app, 'payment-releases'), 0, 'a rule saved after its deadline releases nobody');
      assert.equal((await roster(t.app, host, game.id)).get(unpaid.id), 'ACTIVE');
      const off = await call(t.app, host, 'PUT', rules, { payBy: 'AFTER' });
      assert.deepEqual(off.json().data, { payBy: 'AFTER', releaseUnpaidHoursBefore: null }, 'omitted: off');
    });
  });
}

if (realBackend) {
  describe('payments: releases on two instances (postgres+redis)', () => {
    const clock = new TestClock(new Date('2032-08-02T00:00:00Z'));
    const world = gameOnTwoInstances(realBackend!, clock, { sport: 'Pickleball', host: 'Organiser Lim', startsInHours: 10, slots: 2 });

    it('releases each unpaid place once, whichever instances run the job', async () => {
      const { apps, host, game, players } = world;
      assert.equal(
        (await call(apps[1]!, host, 'PUT', `/api/v1/games/${game.id}/payment-rules`, { payBy: 'BEFORE', releaseUnpaidHoursBefore: 6 })).statusCode,
        200,
      );
      clock.set(new Date(new Date(game.startTime).getTime() - 6 * HOUR_MS));
      await refresh(apps[0]!, host, ...players);
      assert.equal(await everywhere(apps, 'payment-releases'), 2, 'both unpaid players, once each');
      for (const player of players.slice(0, 2)) assert.equal((await notices(apps[1]!, player, 'PLACE_RELEASED')).length, 1);
      assert.equal((await roster(apps[0]!, host, game.id)).get(players[2]!.id), 'ACTIVE', 'the waiting player moved up');
    });
  });
}
