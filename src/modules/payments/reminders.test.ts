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

// APP_TIME_ZONE is Asia/Singapore (UTC+8) in tests: 00:00Z is 08:00 there, 01:00Z is 09:00.
const HOUR = 3600;

const processed = async (app: FastifyInstance, name: string) => {
  const response = await app.inject({ method: 'POST', url: `/api/v1/internal/jobs/${name}/run`, headers: { 'x-internal-secret': INTERNAL_SECRET } });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data.processed as number;
};
/** Every instance runs the job twice at once, three rounds: what was sent in all. */
const everywhere = async (apps: FastifyInstance[], name: string) => {
  let total = 0;
  for (let round = 0; round < 3; round++) total += (await Promise.all([...apps, ...apps].map((app) => processed(app, name)))).reduce((a, b) => a + b, 0);
  return total;
};
/** Tokens are checked against the test clock: after moving it, users need fresh ones. */
const refresh = async (app: FastifyInstance, ...users: TestUser[]) => {
  for (const user of users) user.auth = { authorization: `Bearer ${(await mintTokens(app, user.id)).accessToken}` };
};
const notices = async (app: FastifyInstance, user: TestUser, type: string) => {
  const response = await app.inject({ url: '/api/v1/notifications?size=100', headers: user.auth });
  assert.equal(response.statusCode, 200, response.body);
  return (response.json().data.content as Array<{ type: string; resourceId: string; message: string }>).filter((n) => n.type === type);
};
const call = (app: FastifyInstance, who: TestUser, method: 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const join = async (app: FastifyInstance, who: TestUser, gameId: string, guests = 0) =>
  assert.equal((await call(app, who, 'POST', `/api/v1/games/${gameId}/participants`, guests ? { guests } : undefined)).statusCode, 201);

for (const backend of backends) {
  describe(`payments: gentle reminders (${backend.name})`, () => {
    // Monday 10 May 2032, 08:00 in Singapore.
    const clock = new TestClock(new Date('2032-05-10T00:00:00Z'));
    const t = appSuite(backend, { overrides: { clock }, sport: 'Futsal' });

    it('reminds each player still owing once, from 09:00 the morning after, and sums up for the organiser once a day', async () => {
      const host = await onboardedUser(t.app, 'Organiser Ng');
      const game = await createGame(
        t.app,
        host,
        gameBody(t.sport, clock.now(), 6, { title: 'Thursday futsal', price: '8.5', slots: 8, maxGuestsPerPlayer: 2, joinAsOrganizer: true }),
      );
      const free = await createGame(t.app, host, gameBody(t.sport, clock.now(), 10, { price: '0' }));
      const [owing, claiming, quiet] = [await onboardedUser(t.app, 'Owing'), await onboardedUser(t.app, 'Claiming'), await onboardedUser(t.app, 'Quiet')];
      await join(t.app, owing, game.id, 1);
      await join(t.app, claiming, game.id);
      await join(t.app, quiet, game.id);
      await join(t.app, owing, free.id);
      assert.equal((await call(t.app, claiming, 'POST', `/api/v1/games/${game.id}/payments/me/claim`, { reference: 'bank 123' })).statusCode, 200);
      const off = await call(t.app, quiet, 'PUT', '/api/v1/me/notification-preferences', { types: { PAYMENT_REMINDER: { inApp: false, push: false } } });
      assert.equal(off.statusCode, 200, off.body);

      assert.equal(await processed(t.app, 'payment-reminders'), 0, 'before the game nothing is due');
      clock.set(new Date('2032-05-11T00:59:00Z'));
      assert.equal(await processed(t.app, 'payment-reminders'), 0, '08:59 the morning after: not yet');
      assert.equal(await processed(t.app, 'payment-summaries'), 0, 'no summary before 09:00');
      clock.set(new Date('2032-05-11T01:00:00Z'));
      await refresh(t.app, host, owing, claiming, quiet);
      assert.equal(
        await everywhere([t.app], 'payment-reminders'),
        2,
        'the owing player and the one who turned reminders off (their row is kept, nothing listed)',
      );
      const [reminder, ...more] = await notices(t.app, owing, 'PAYMENT_REMINDER');
      assert.equal(more.length, 0);
      assert.equal(reminder?.resourceId, game.id);
      assert.match(reminder.message, /SGD 17\.00/, 'both places, the player and their guest');
      assert.match(reminder.message, /Thursday futsal/);
      assert.equal((await notices(t.app, claiming, 'PAYMENT_REMINDER')).length, 0, 'a claim is not chased');
      assert.equal((await notices(t.app, quiet, 'PAYMENT_REMINDER')).length, 0, 'the preference decides');
      assert.equal((await notices(t.app, host, 'PAYMENT_REMINDER')).length, 0, 'the organiser owes nothing to themselves');

      assert.equal(await everywhere([t.app], 'payment-summaries'), 1);
      const [summary] = await notices(t.app, host, 'PAYMENT_SUMMARY');
      assert.equal(summary?.resourceId, game.id);
      assert.match(summary.message, /3 places still owe SGD 25\.50; 1 payment waits for you to confirm it\./);
      clock.advance(12 * HOUR);
      assert.equal(await processed(t.app, 'payment-summaries'), 0, 'once a day');
      assert.equal(await processed(t.app, 'payment-reminders'), 0, 'once per player and game');

      // The next morning: still open, so a second summary; once everything is settled, none.
      clock.set(new Date('2032-05-12T01:00:00Z'));
      await refresh(t.app, host);
      assert.equal(await processed(t.app, 'payment-summaries'), 1);
      const ledger = (await t.app.inject({ url: `/api/v1/games/${game.id}/ledger`, headers: host.auth })).json().data;
      for (const player of ledger.players as Array<{ entries: Array<{ id: string; state: string }> }>)
        for (const entry of player.entries) {
          const settled = await call(t.app, host, 'POST', `/api/v1/games/${game.id}/ledger/${entry.id}`, { state: 'PAID' });
          assert.equal(settled.statusCode, 200, settled.body);
        }
      clock.set(new Date('2032-05-13T01:00:00Z'));
      await refresh(t.app, host);
      assert.equal(await processed(t.app, 'payment-summaries'), 0, 'nothing open: no summary');
      assert.equal((await notices(t.app, host, 'PAYMENT_SUMMARY')).length, 2);
    });

    it('lets hosts choose pay BEFORE: shown on the pay sheet and the ledger, reminded at 18:00 the evening before, once', async () => {
      clock.set(new Date('2032-05-20T00:00:00Z'));
      const host = await onboardedUser(t.app, 'Organiser Lee');
      // Saturday 22 May, 19:00 in Singapore.
      const game = await createGame(t.app, host, gameBody(t.sport, clock.now(), 59, { slots: 6 }));
      const player = await onboardedUser(t.app, 'Early payer');
      await join(t.app, player, game.id);
      const rules = `/api/v1/games/${game.id}/payment-rules`;
      const own = async () => (await t.app.inject({ url: `/api/v1/games/${game.id}/payments/me`, headers: player.auth })).json().data;
      assert.equal((await own()).payBy, 'AFTER', 'after the game by default');

      assertProblem(await call(t.app, player, 'PUT', rules, { payBy: 'BEFORE' }), 404, 'game_not_found');
      assertProblem(await call(t.app, host, 'PUT', rules, { payBy: 'SOMETIME' }), 400);
      assertProblem(
        await call(t.app, host, 'PUT', `/api/v1/games/00000000-0000-4000-8000-000000000000/payment-rules`, { payBy: 'BEFORE' }),
        404,
        'game_not_found',
      );
      assert.equal((await own()).payBy, 'AFTER', 'refused changes change nothing');
      const saved = await call(t.app, host, 'PUT', rules, { payBy: 'BEFORE' });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.deepEqual(saved.json().data, { payBy: 'BEFORE', releaseUnpaidHoursBefore: null });
      assert.equal((await own()).payBy, 'BEFORE');
      assert.equal((await t.app.inject({ url: `/api/v1/games/${game.id}/ledger`, headers: host.auth })).json().data.payBy, 'BEFORE');

      clock.set(new Date('2032-05-21T09:59:00Z'));
      assert.equal(await processed(t.app, 'payment-reminders'), 0, '17:59 the evening before: not yet');
      clock.set(new Date('2032-05-21T10:00:00Z'));
      await refresh(t.app, player);
      assert.equal(await everywhere([t.app], 'payment-reminders'), 1);
      assert.equal((await notices(t.app, player, 'PAYMENT_REMINDER')).filter((n) => n.resourceId === game.id).length, 1);
      clock.set(new Date('2032-05-23T01:00:00Z'));
      assert.equal(await processed(t.app, 'payment-reminders'), 0, 'not again the morning after');
    });
  });
}

if (realBackend) {
  describe('payments: reminders on two instances (postgres+redis)', () => {
    const clock = new TestClock(new Date('2032-06-07T00:00:00Z'));
    const world = gameOnTwoInstances(realBackend!, clock, { sport: 'Netball', host: 'Organiser Koh', startsInHours: 5, slots: 6 });

    it('sends one reminder per owing player and one summary per day, whichever instances run the jobs', async () => {
      const { apps, host, players } = world;
      clock.set(new Date('2032-06-08T01:30:00Z'));
      await refresh(apps[0]!, host, ...players);
      assert.equal(await everywhere(apps, 'payment-reminders'), 3);
      assert.equal(await everywhere(apps, 'payment-summaries'), 1);
      for (const player of players) for (const app of apps) assert.equal((await notices(app, player, 'PAYMENT_REMINDER')).length, 1);
      assert.equal((await notices(apps[1]!, host, 'PAYMENT_SUMMARY')).length, 1);
      clock.set(new Date('2032-06-09T01:30:00Z'));
      assert.equal(await everywhere(apps, 'payment-reminders'), 0);
      assert.equal(await everywhere(apps, 'payment-summaries'), 1, 'the next day, one more');
    });
  });
}
