import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { openDatabase } from '../../platform/db/index.ts';
import { backends, realBackend } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { buildTestCluster, type TestCluster } from '../../../test/helpers/cluster.ts';
import { createGame, createSport, gameBody, onboardedUser, type Game, type Sport } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { buildTestApp, INTERNAL_SECRET, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, mintTokens, type TestUser } from '../../../test/helpers/users.ts';
import { NotificationsService } from '../notifications/index.ts';

const secret = { 'x-internal-secret': INTERNAL_SECRET };
const runJob = (app: FastifyInstance, name: string, headers: Record<string, string> = secret) =>
  app.inject({ method: 'POST', url: `/api/v1/internal/jobs/${name}/run`, headers });
const processed = async (app: FastifyInstance, name: string) => {
  const response = await runJob(app, name);
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.json().data.name, name);
  return response.json().data.processed as number;
};
/** Tokens are checked against the test clock: after moving it, users need fresh ones. */
const refresh = async (app: FastifyInstance, ...users: TestUser[]) => {
  for (const user of users) user.auth = { authorization: `Bearer ${(await mintTokens(app, user.id)).accessToken}` };
};
const reminders = async (app: FastifyInstance, user: TestUser, gameId?: string) => {
  const response = await app.inject({ url: '/api/v1/notifications?size=100', headers: user.auth });
  assert.equal(response.statusCode, 200, response.body);
  return (response.json().data.content as Array<{ type: string; resourceId: string; message: string }>).filter(
    (n) => n.type === 'GAME_REMINDER' && (!gameId || n.resourceId === gameId),
  );
};
const join = async (app: FastifyInstance, user: TestUser, gameId: string) => {
  const response = await app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/participants`, headers: user.auth });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data.status as string;
};
for (const backend of backends) {
  describe(`jobs (${backend.name})`, () => {
    describe('internal endpoint', () => {
      let t: TestApp;
      before(async () => {
        t = await buildTestApp(backend);
      });
      after(() => t.close());

      it('needs the internal secret, runs each known job and answers {name, processed}; unknown is 404', async () => {
        assertProblem(await runJob(t.app, 'game-status', {}), 401);
        assertProblem(await runJob(t.app, 'game-status', { 'x-internal-secret': 'wrong-secret-wrong-secret-wrong-secret' }), 401);
        const user = await createUser(t.app);
        assertProblem(await runJob(t.app, 'game-status', user.auth), 401, undefined);
        for (const name of ['game-status', 'game-reminders', 'cleanup']) {
          const response = await runJob(t.app, name);
          assert.equal(response.statusCode, 200, response.body);
          assert.equal(response.json().success, true);
          assert.deepEqual(response.json().data, { name, processed: 0 });
        }
        assertProblem(await runJob(t.app, 'make-coffee'), 404, 'job_not_found');
      });
    });

    describe('game-status', () => {
      const t = appSuite(backend, { startsAt: '2032-01-10T00:00:00Z', sport: 'Squash', host: 'Host Lim' });
      const { clock } = t;

      it('writes SCHEDULED → STARTED at startTime and STARTED → COMPLETED at endTime, once', async () => {
        const { host, sport } = t;
        const game = await createGame(t.app, host, gameBody(sport, clock.now(), 10));
        const cancelled = await createGame(t.app, host, gameBody(sport, clock.now(), 5));
        assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${cancelled.id}`, headers: host.auth })).statusCode, 204);
        const status = async (id: string) => (await t.app.inject({ url: `/api/v1/games/${id}` })).json().data.status as string;

        assert.equal(await processed(t.app, 'game-status'), 0);
        clock.advance(10 * 3600 - 1);
        assert.equal(await processed(t.app, 'game-status'), 0, 'a second before the start nothing moves');
        clock.advance(1);
        assert.equal(await processed(t.app, 'game-status'), 1);
        assert.equal(await processed(t.app, 'game-status'), 0, 'already stored');
        assert.equal(await status(game.id), 'STARTED');
        clock.advance(2 * 3600);
        assert.equal(await processed(t.app, 'game-status'), 1);
        assert.equal(await processed(t.app, 'game-status'), 0);
        assert.equal(await status(game.id), 'COMPLETED');
        clock.advance(30 * 24 * 3600);
        assert.equal(await processed(t.app, 'game-status'), 0);
        assert.equal(await status(game.id), 'COMPLETED');
        assert.equal(await status(cancelled.id), 'CANCELLED', 'a cancelled game stays cancelled');
      });
    });

    describe('game-reminders', () => {
      const t = appSuite(backend, { startsAt: '2032-02-10T00:00:00Z', sport: 'Tennis', host: 'Host Goh' });
      const { clock } = t;

      it('sends one GAME_REMINDER per ACTIVE player of a game 23 h ahead, however often and concurrently it runs', async () => {
        const { host, sport } = t;
        const game = await createGame(t.app, host, gameBody(sport, clock.now(), 48, { slots: 2, joinAsOrganizer: true, title: 'Doubles night' }));
        const later = await createGame(t.app, host, gameBody(sport, clock.now(), 56, { slots: 4 }));
        const [player, waiting] = [await createUser(t.app), await createUser(t.app)];
        assert.equal(await join(t.app, player, game.id), 'ACTIVE');
        assert.equal(await join(t.app, waiting, game.id), 'WAITLISTED');
        await join(t.app, player, later.id);

        assert.equal(await processed(t.app, 'game-reminders'), 0, '48 h ahead: too early');
        clock.advance(25 * 3600);
        await refresh(t.app, host, player, waiting);
        const runs = [await processed(t.app, 'game-reminders'), ...(await Promise.all([1, 2, 3].map(() => processed(t.app, 'game-reminders'))))];
        runs.push(await processed(t.app, 'game-reminders'));
        assert.equal(
          runs.reduce((a, b) => a + b, 0),
          2,
          `runs: ${runs.join(',')}`,
        );
        assert.equal((await reminders(t.app, host, game.id)).length, 1, 'the organiser plays: reminded once');
        const [reminder] = await reminders(t.app, player, game.id);
        assert.ok(reminder);
        assert.match(reminder.message, /Doubles night/);
        assert.equal((await reminders(t.app, player)).length, 1, 'the game 31 h ahead is not due yet');
        assert.equal((await reminders(t.app, waiting)).length, 0, 'waitlisted players are not reminded');
      });

      if (backend.redisUrl) {
        it('overlapping runs that bypass the lock still remind each player once (the reminder row decides)', async () => {
          const handle = await openDatabase({ url: t.config.databaseUrl, dataDir: t.config.dataDir, poolSize: 8 });
          try {
            const service = new NotificationsService({
              db: handle.db,
              clock,
              timeZone: 'UTC',
              log: { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger,
            });
            const gameId = '00000000-0000-4000-8000-00000000abcd';
            const playerIds = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
            const game = { gameId, title: 'Overlap', startTime: new Date(clock.now().getTime() + 3_600_000), playerIds };
            const sent = await Promise.all(Array.from({ length: 6 }, () => service.remind(game)));
            assert.equal(
              sent.reduce((a, b) => a + b, 0),
              3,
              `sent: ${sent.join(',')}`,
            );
            assert.equal(await service.remind(game), 0);
          } finally {
            await handle.close();
          }
        });
      }
    });

    it('with JOBS_ENABLED the scheduler runs the jobs by itself, and the app still closes promptly', async () => {
      const clock = new TestClock(new Date('2032-01-01T00:00:00Z'));
      const t = await buildTestApp(backend, { JOBS_ENABLED: 'true' }, { clock, jobsIntervalMs: 50 });
      try {
        const admin = await createUser(t.app, { admin: true });
        const host = await onboardedUser(t.app, 'Host Tan');
        const player = await onboardedUser(t.app, 'Player Ong');
        const game = await createGame(t.app, host, gameBody(await createSport(t.app, admin, { name: 'Croquet' }), clock.now(), 30));
        await join(t.app, player, game.id);
        clock.advance(7 * 3600);
        await refresh(t.app, player);
        // Nothing here runs a job: only the scheduler can send the reminder for the game, now 23 h away.
        const deadline = Date.now() + 15_000;
        while ((await reminders(t.app, player, game.id)).length === 0) {
          assert.ok(Date.now() < deadline, 'the scheduler sent no reminder within 15 s');
          await sleep(25);
        }
      } finally {
        const started = Date.now();
        await t.close();
        assert.ok(Date.now() - started < 5000);
      }
    });
  });
}

if (realBackend) {
  describe('jobs on two instances (postgres+redis)', () => {
    let cluster: TestCluster;
    const clock = new TestClock(new Date('2032-03-10T00:00:00Z'));
    let sport: Sport;
    let host: TestUser;
    let apps: FastifyInstance[];

    before(async () => {
      cluster = await buildTestCluster(realBackend!, 2, {}, { clock });
      apps = cluster.apps;
      const admin = await createUser(apps[0]!, { admin: true });
      sport = await createSport(apps[0]!, admin, { name: 'Hockey' });
      host = await onboardedUser(apps[1]!, 'Host Koh');
    });
    after(() => cluster.close());

    it('a game 23 h ahead gets exactly one reminder per player, whichever instances run the job and however often', async () => {
      const game: Game = await createGame(apps[0]!, host, gameBody(sport, clock.now(), 48, { slots: 6 }));
      const players = [await createUser(apps[0]!), await createUser(apps[1]!), await createUser(apps[0]!)];
      for (const [i, player] of players.entries()) await join(apps[i % 2]!, player, game.id);
      clock.advance(25 * 3600);
      await refresh(apps[0]!, host, ...players);
      let total = 0;
      for (let round = 0; round < 3; round++) {
        const results = await Promise.all([...apps, ...apps].map((app) => processed(app, 'game-reminders')));
        total += results.reduce((a, b) => a + b, 0);
      }
      assert.equal(total, 3);
      for (const player of players) {
        assert.equal((await reminders(apps[0]!, player, game.id)).length, 1);
        assert.equal((await reminders(apps[1]!, player, game.id)).length, 1);
      }
      assert.equal((await reminders(apps[0]!, host, game.id)).length, 0, 'the organiser did not join as a player');
    });

    it('game-status moves each game once across instances', async () => {
      const game = await createGame(apps[1]!, host, gameBody(sport, clock.now(), 3));
      clock.advance(3 * 3600);
      const started = await Promise.all([...apps, ...apps].map((app) => processed(app, 'game-status')));
      // The reminder test's game (23 h ahead) has not started; only this one moves.
      assert.equal(
        started.reduce((a, b) => a + b, 0),
        1,
      );
      assert.equal((await apps[0]!.inject({ url: `/api/v1/games/${game.id}` })).json().data.status, 'STARTED');
    });
  });
}
