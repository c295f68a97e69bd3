import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { realBackend } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../../../../test/helpers/games.ts';
import { processPair } from '../../../../test/helpers/process-pair.ts';
import { raceJob } from '../../../../test/helpers/server-process.ts';
import { INTERNAL_SECRET } from '../../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../../test/helpers/users.ts';

const HOUR = 3_600_000;

describe(
  'the go / no-go decision across two server processes',
  { skip: !realBackend && 'needs PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL)' },
  () => {
    it('decides each due game exactly once while both processes run the job at the same time', async () => {
      // The games are set up by an in-process instance whose clock stands four hours back, so their
      // decision moments lie ahead then and have passed by the real clock the two processes read.
      const clock = new TestClock(new Date(Date.now() - 4 * HOUR));
      const pair = await processPair(realBackend!, clock);
      const { setup } = pair;
      try {
        const admin = await createUser(setup, { admin: true });
        const sport = await createSport(setup, admin, { name: 'Netball' });
        const host = await onboardedUser(setup, 'Host Twin');
        const players: TestUser[] = [];
        for (let i = 0; i < 2; i++) players.push(await onboardedUser(setup, `Twin player ${i}`));
        const games: Array<{ id: string; enough: boolean }> = [];
        for (let i = 0; i < 6; i++) {
          // Twenty-minute games half an hour apart (the host's games may not overlap); every decision moment has passed by the real clock.
          const start = clock.now().getTime() + 7 * HOUR + (i * HOUR) / 2;
          const game = await createGame(
            setup,
            host,
            gameBody(sport, clock.now(), 0, {
              slots: 4,
              minPlayers: 2,
              decisionHoursBefore: 6,
              startTime: new Date(start).toISOString(),
              endTime: new Date(start + HOUR / 3).toISOString(),
            }),
          );
          const enough = i % 2 === 0;
          for (const player of enough ? players : players.slice(0, 1)) {
            const joined = await setup.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth });
            assert.equal(joined.statusCode, 201, joined.body);
          }
          games.push({ id: game.id, enough });
        }

        const ports = await pair.start();
        const { handled, after } = await raceJob(ports, 'game-decisions', INTERNAL_SECRET);
        assert.equal(handled, games.length, 'every due game decided once in all');
        assert.deepEqual(after, [0, 0]);

        for (const { id, enough } of games) {
          const game = (await setup.inject({ url: `/api/v1/games/${id}` })).json().data as { status: string; confirmed: boolean; cancelReason: string | null };
          assert.equal(game.status, enough ? 'SCHEDULED' : 'CANCELLED');
          assert.equal(game.confirmed, enough);
          assert.equal(game.cancelReason, enough ? null : 'NOT_ENOUGH_PLAYERS');
        }
        for (const who of [host, players[0]!]) {
          const list = (await setup.inject({ url: '/api/v1/notifications?size=100', headers: who.auth })).json().data.content as Array<{
            type: string;
            resourceId: string;
          }>;
          for (const { id, enough } of games) {
            const decisions = list.filter((n) => n.resourceId === id && (n.type === 'GAME_CONFIRMED' || n.type === 'GAME_NOT_ENOUGH_PLAYERS'));
            assert.deepEqual(
              decisions.map((n) => n.type),
              [enough ? 'GAME_CONFIRMED' : 'GAME_NOT_ENOUGH_PLAYERS'],
              'told exactly once',
            );
          }
        }
      } finally {
        await pair.close();
      }
    });
  },
);
