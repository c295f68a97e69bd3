import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Principal } from './oracle.ts';
import type { CellResponse, RouteCase } from './route-case.ts';
import { coHosted, game, joinPrivate, must, read, type World } from './world.ts';

/**
 * Attendance, ratings, disputes of marks (#31) and calendars (#18). The matrix runs on the real clock and its games start
 * two days ahead, so the windows are closed: A (and C) get the route's 409, everyone else the 404
 * that hides the game — which is what the matrix is about.
 */
const json = (response: CellResponse) => JSON.parse(response.body);
const code = (expected: string) => (response: CellResponse) => assert.equal(json(response).code, expected);

/** A's private game (C co-hosts) with H playing in it. */
async function withHelper(world: World) {
  const hosted = await coHosted(world, 'PRIVATE');
  await joinPrivate(world, world.helper, hosted);
  return hosted;
}

/** A's place in H's private game. */
async function ownersPlace(world: World, overrides: Record<string, unknown> = {}) {
  const hosted = await game(world, world.helper, 'PRIVATE', overrides);
  await joinPrivate(world, world.owner, hosted);
  return hosted;
}

export const ATTENDANCE_CASES: Record<string, RouteCase[]> = {
  'GET /api/v1/games/:id/attendance': [
    {
      label: "A's private game's attendance (C co-hosts, H plays)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await withHelper(world);
        return { url: `/api/v1/games/${hosted.id}/attendance`, resourceId: hosted.id, check: (response) => assert.ok(response.body.includes(world.helper.id)) };
      },
    },
  ],
  'PUT /api/v1/games/:id/attendance/:userId': [
    {
      label: "H marked in A's private game before the window (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 409,
      prepare: async (world) => {
        const hosted = await withHelper(world);
        return {
          url: `/api/v1/games/${hosted.id}/attendance/${world.helper.id}`,
          payload: { status: 'NO_SHOW' },
          resourceId: hosted.id,
          snapshot: () => read(world, `/api/v1/games/${hosted.id}/attendance`, world.owner),
          check: code('attendance_window_closed'),
        };
      },
    },
  ],
  'POST /api/v1/games/:id/check-in': [
    {
      label: "A checks in to H's private game before the window",
      scope: 'owner',
      success: 409,
      prepare: async (world) => {
        const hosted = await ownersPlace(world, { selfCheckIn: true });
        return { url: `/api/v1/games/${hosted.id}/check-in`, resourceId: hosted.id, check: code('check_in_window_closed') };
      },
    },
  ],
  'GET /api/v1/me/reliability': [
    {
      label: "the caller's own record",
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({
        url: '/api/v1/me/reliability',
        check: (response: CellResponse, principal: Principal) => {
          if (principal === 'owner') assert.equal(json(response).data.userId, world.owner.id);
          else assert.ok(!response.body.includes(world.owner.id), 'nobody else sees A’s record');
        },
      }),
    },
  ],
  'GET /api/v1/games/:id/participants/:userId/reliability': [
    {
      label: "H's record, H playing in A's private game (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await withHelper(world);
        return { url: `/api/v1/games/${hosted.id}/participants/${world.helper.id}/reliability`, resourceId: hosted.id };
      },
    },
  ],
  'PUT /api/v1/games/:id/rating': [
    {
      label: "A rates H's private game before it has ended",
      scope: 'owner',
      success: 409,
      prepare: async (world) => {
        const hosted = await ownersPlace(world);
        return { url: `/api/v1/games/${hosted.id}/rating`, payload: { score: 4 }, resourceId: hosted.id, check: code('rating_not_allowed') };
      },
    },
  ],
  // The matrix's games lie ahead, so nobody holds a NO_SHOW: every caller gets the route's own 404.
  // (H's games and random ids, not A's: A's calendar feed, checked below, lists at most 500 games.)
  'POST /api/v1/me/attendance/:gameId/dispute': [
    {
      label: "a dispute of a NO_SHOW in H's private game the caller does not have",
      scope: 'shared',
      success: 404,
      prepare: async (world) => {
        const hosted = await game(world, world.helper, 'PRIVATE');
        return { url: `/api/v1/me/attendance/${hosted.id}/dispute`, payload: { reason: 'I came' }, check: code('no_show_not_found') };
      },
    },
  ],
  'GET /api/v1/admin/attendance-disputes': [
    { label: 'the open disputes', scope: 'shared', success: 200, prepare: async () => ({ url: '/api/v1/admin/attendance-disputes' }) },
  ],
  'POST /api/v1/admin/attendance-disputes/:gameId/:userId/uphold': [
    {
      label: 'a mark nobody disputes, upheld',
      scope: 'shared',
      success: 404,
      prepare: async (world) => ({ url: `/api/v1/admin/attendance-disputes/${randomUUID()}/${world.helper.id}/uphold`, check: code('dispute_not_found') }),
    },
  ],
  'POST /api/v1/admin/attendance-disputes/:gameId/:userId/dismiss': [
    {
      label: 'a mark nobody disputes, dismissed',
      scope: 'shared',
      success: 404,
      prepare: async (world) => ({ url: `/api/v1/admin/attendance-disputes/${randomUUID()}/${world.helper.id}/dismiss`, check: code('dispute_not_found') }),
    },
  ],
  'GET /api/v1/games/:id/ratings': [
    {
      label: "A's private game's ratings (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PRIVATE');
        return { url: `/api/v1/games/${hosted.id}/ratings`, resourceId: hosted.id, check: (response) => assert.equal(json(response).data.count, 0) };
      },
    },
  ],
  'GET /api/v1/games/:id.ics': [
    {
      label: "A's private game as iCalendar (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PRIVATE');
        return { url: `/api/v1/games/${hosted.id}.ics`, resourceId: hosted.id, check: (response) => assert.ok(response.body.includes(`UID:${hosted.id}@`)) };
      },
    },
    {
      label: 'a public game as iCalendar',
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({ url: `/api/v1/games/${(await game(world, world.owner, 'PUBLIC')).id}.ics` }),
    },
  ],
  'GET /api/v1/calendar/:token.ics': [
    {
      label: "A's feed at its secret URL (the URL is the credential)",
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const hosted = await game(world, world.owner, 'PRIVATE');
        const created = await must(world.app, { method: 'POST', url: '/api/v1/me/calendar', headers: world.owner.auth }, 201);
        return { url: new URL(created.data.url as string).pathname, check: (response) => assert.ok(response.body.includes(`UID:${hosted.id}@`)) };
      },
    },
  ],
  'POST /api/v1/me/calendar': [{ label: "the caller's new feed URL", scope: 'shared', success: 201, prepare: async () => ({ url: '/api/v1/me/calendar' }) }],
  'DELETE /api/v1/me/calendar': [{ label: "the caller's feed revoked", scope: 'shared', success: 204, prepare: async () => ({ url: '/api/v1/me/calendar' }) }],
};
