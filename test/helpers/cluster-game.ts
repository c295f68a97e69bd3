import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Backend } from './backends.ts';
import type { TestClock } from './clock.ts';
import { buildTestCluster, type TestCluster } from './cluster.ts';
import { createGame, createSport, gameBody, onboardedUser, type Game } from './games.ts';
import { createUser, type TestUser } from './users.ts';

export interface ClusterGame {
  apps: FastifyInstance[];
  host: TestUser;
  game: Game;
  /** A, B and C, who joined in that order through the first, second and first instance. */
  players: TestUser[];
}

export interface ClusterGameOptions {
  sport: string;
  host: string;
  startsInHours: number;
  slots: number;
}

/**
 * Called in a describe: two instances on `clock` sharing one database (built before its tests, closed
 * after them), where an organiser on the second made a game that players A, B and C joined through
 * alternate instances. Filled in `before`: read it inside tests, never while the suite is declared.
 */
export function gameOnTwoInstances(backend: Backend, clock: TestClock, options: ClusterGameOptions): ClusterGame {
  const world = {} as ClusterGame;
  let cluster: TestCluster | undefined;
  before(async () => {
    cluster = await buildTestCluster(backend, 2, {}, { clock });
    const apps = cluster.apps;
    const sport = await createSport(apps[0]!, await createUser(apps[0]!, { admin: true }), { name: options.sport });
    const host = await onboardedUser(apps[1]!, options.host);
    const game = await createGame(apps[0]!, host, gameBody(sport, clock.now(), options.startsInHours, { slots: options.slots }));
    const players = [await onboardedUser(apps[0]!, 'A'), await onboardedUser(apps[1]!, 'B'), await onboardedUser(apps[0]!, 'C')];
    for (const [i, player] of players.entries()) {
      const joined = await apps[i % 2]!.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth });
      assert.equal(joined.statusCode, 201, joined.body);
    }
    Object.assign(world, { apps, host, game, players });
  });
  after(() => cluster?.close());
  return world;
}
