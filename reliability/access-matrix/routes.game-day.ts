import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { CellResponse, RouteCase } from './route-case.ts';
import type { Game } from '../../test/helpers/games.ts';
import { coHosted, game, joinPrivate, read, type World } from './world.ts';

/**
 * Game day (#37). The matrix runs on the real clock and its games start two days ahead, so game day
 * cannot be opened: A and C get the route's 409, everyone else the 404 that hides the game.
 */
const code = (expected: string) => (response: CellResponse) => assert.equal(JSON.parse(response.body).code, expected);

/**
 * A's private game (C co-hosts) with H playing in it: one per world, shared by every cell, since no
 * cell here may change anything (A's calendar feed, checked elsewhere, lists at most 500 games).
 */
const helped = new WeakMap<World, Promise<Game>>();
function withHelper(world: World): Promise<Game> {
  if (!helped.has(world))
    helped.set(
      world,
      coHosted(world, 'PRIVATE').then(async (hosted) => {
        await joinPrivate(world, world.helper, hosted);
        return hosted;
      }),
    );
  return helped.get(world)!;
}

/** H's private game with A playing in it, one per world likewise. */
const playing = new WeakMap<World, Promise<Game>>();
function ownersPlace(world: World): Promise<Game> {
  if (!playing.has(world))
    playing.set(
      world,
      game(world, world.helper, 'PRIVATE').then(async (hosted) => {
        await joinPrivate(world, world.owner, hosted);
        return hosted;
      }),
    );
  return playing.get(world)!;
}

/** A host's (or a player's) write to A's game before game day is open: 409 for A and C, 404 for anyone else. */
const notOpenYet = (label: string, path: (gameId: string) => string, payload?: object): RouteCase[] => [
  {
    label,
    scope: 'owner-or-co-host',
    success: 409,
    prepare: async (world) => {
      const hosted = await withHelper(world);
      return {
        url: `/api/v1/games/${hosted.id}/game-day${path(hosted.id)}`,
        ...(payload ? { payload } : {}),
        resourceId: hosted.id,
        snapshot: () => read(world, `/api/v1/games/${hosted.id}/game-day`, world.owner),
        check: code('game_day_not_open'),
      };
    },
  },
];

const score = { a: 21, b: 15 };

export const GAME_DAY_CASES: Record<string, RouteCase[]> = {
  'POST /api/v1/games/:id/game-day': [
    {
      label: "game day opened in A's private game two days before it (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 409,
      prepare: async (world) => {
        const hosted = await withHelper(world);
        return {
          url: `/api/v1/games/${hosted.id}/game-day`,
          payload: { courts: 2, format: 'ROTATING_DOUBLES', scoreRule: 'TO_21' },
          resourceId: hosted.id,
          snapshot: () => read(world, `/api/v1/games/${hosted.id}/game-day`, world.owner),
          check: code('game_day_window_closed'),
        };
      },
    },
  ],
  'GET /api/v1/games/:id/game-day': [
    {
      label: "the board of A's private game, not open yet (C co-hosts, H plays)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await withHelper(world);
        return {
          url: `/api/v1/games/${hosted.id}/game-day`,
          resourceId: hosted.id,
          check: (response) => assert.equal(JSON.parse(response.body).data.session, null),
        };
      },
    },
  ],
  'POST /api/v1/games/:id/game-day/leave': [
    {
      label: "A leaves game day of H's private game, not open yet",
      scope: 'owner',
      success: 409,
      prepare: async (world) => {
        const hosted = await ownersPlace(world);
        return { url: `/api/v1/games/${hosted.id}/game-day/leave`, resourceId: hosted.id, check: code('game_day_not_open') };
      },
    },
  ],
  'POST /api/v1/games/:id/game-day/close': notOpenYet('game day closed before it opened', () => '/close'),
  'POST /api/v1/games/:id/game-day/rounds': notOpenYet('the next round asked before game day opened', () => '/rounds'),
  'POST /api/v1/games/:id/game-day/rounds/:roundId/swap': notOpenYet('a swap before game day opened', () => `/rounds/${randomUUID()}/swap`, {
    out: randomUUID(),
    in: randomUUID(),
  }),
  'POST /api/v1/games/:id/game-day/rounds/:roundId/start': notOpenYet('a round started before game day opened', () => `/rounds/${randomUUID()}/start`),
  'PUT /api/v1/games/:id/game-day/matches/:matchId/score': notOpenYet('a score entered before game day opened', () => `/matches/${randomUUID()}/score`, score),
  'POST /api/v1/games/:id/game-day/matches/:matchId/confirm': notOpenYet('a score confirmed before game day opened', () => `/matches/${randomUUID()}/confirm`),
  'POST /api/v1/games/:id/game-day/matches/:matchId/dispute': notOpenYet('a score disputed before game day opened', () => `/matches/${randomUUID()}/dispute`),
  'POST /api/v1/games/:id/game-day/matches/:matchId/settle': notOpenYet(
    'a score settled before game day opened',
    () => `/matches/${randomUUID()}/settle`,
    score,
  ),
};
