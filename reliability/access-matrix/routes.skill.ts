import assert from 'node:assert/strict';
import type { Principal } from './oracle.ts';
import type { CellResponse, RouteCase } from './route-case.ts';
import { read } from './world.ts';

/** Skill ratings (#37): each caller reads and hides only their own; nobody reaches A's through these routes. */
const json = (response: CellResponse) => JSON.parse(response.body);

export const SKILL_CASES: Record<string, RouteCase[]> = {
  'GET /api/v1/me/ratings': [
    {
      label: "the caller's own ratings",
      scope: 'shared',
      success: 200,
      prepare: async () => ({
        url: '/api/v1/me/ratings',
        check: (response: CellResponse) => assert.ok(Array.isArray(json(response).data.ratings)),
      }),
    },
  ],
  'PUT /api/v1/me/ratings/visibility': [
    {
      label: "the caller's own rating visibility",
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({
        url: '/api/v1/me/ratings/visibility',
        payload: { hidden: true },
        snapshot: () => read(world, '/api/v1/me/ratings', world.owner),
        check: (response: CellResponse, _principal: Principal) => assert.equal(json(response).data.hidden, true, 'the caller’s own setting changed'),
      }),
    },
  ],
};
