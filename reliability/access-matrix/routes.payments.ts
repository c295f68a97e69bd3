import assert from 'node:assert/strict';
import type { CellResponse, RouteCase } from './route-case.ts';
import { coHosted, game, joinPrivate, must, read, type World } from './world.ts';

/**
 * Money (#38): a player's own payment in a game, the game's ledger (organiser and co-hosts), and the
 * caller's own PayNow details and money overview. Games are priced (8.50 SGD by the fixture).
 */
const json = (response: CellResponse) => JSON.parse(response.body);

/** A's place in H's private game. */
async function ownersPlace(world: World) {
  const hosted = await game(world, world.helper, 'PRIVATE');
  await joinPrivate(world, world.owner, hosted);
  return hosted;
}

/** A's private game (C co-hosts) with H playing in it. */
async function withHelper(world: World) {
  const hosted = await coHosted(world, 'PRIVATE');
  await joinPrivate(world, world.helper, hosted);
  return hosted;
}

const ownPayment = (world: World, gameId: string) => () => read(world, `/api/v1/games/${gameId}/payments/me`, world.owner);
const ledgerOf = (world: World, gameId: string) => () => read(world, `/api/v1/games/${gameId}/ledger`, world.owner);

export const PAYMENTS_CASES: Record<string, RouteCase[]> = {
  'GET /api/v1/games/:id/payments/me': [
    {
      label: "A's payment for a place in H's private game",
      scope: 'owner',
      success: 200,
      prepare: async (world) => {
        const hosted = await ownersPlace(world);
        return { url: `/api/v1/games/${hosted.id}/payments/me`, resourceId: hosted.id, check: (response) => assert.equal(json(response).data.owed, '8.50') };
      },
    },
  ],
  'POST /api/v1/games/:id/payments/me/claim': [
    {
      label: "A says they paid for a place in H's private game",
      scope: 'owner',
      success: 200,
      prepare: async (world) => {
        const hosted = await ownersPlace(world);
        return {
          url: `/api/v1/games/${hosted.id}/payments/me/claim`,
          payload: { reference: 'bank ref 1' },
          resourceId: hosted.id,
          snapshot: ownPayment(world, hosted.id),
          check: (response) => assert.equal(json(response).data.entries[0].state, 'CLAIMED'),
        };
      },
    },
  ],
  'GET /api/v1/games/:id/ledger': [
    {
      label: "A's private game's ledger (C co-hosts, H plays)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await withHelper(world);
        return { url: `/api/v1/games/${hosted.id}/ledger`, resourceId: hosted.id, check: (response) => assert.ok(response.body.includes(world.helper.id)) };
      },
    },
  ],
  'GET /api/v1/games/:id/ledger.csv': [
    {
      label: "A's private game's ledger as CSV (C co-hosts, H plays)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await withHelper(world);
        return {
          url: `/api/v1/games/${hosted.id}/ledger.csv`,
          resourceId: hosted.id,
          check: (response) => assert.ok(response.body.includes('"DUE","8.50","SGD"')),
        };
      },
    },
  ],
  'POST /api/v1/games/:id/ledger/:entryId': [
    {
      label: "H's place in A's private game, waived (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await withHelper(world);
        const ledger = await must(world.app, { method: 'GET', url: `/api/v1/games/${hosted.id}/ledger`, headers: world.owner.auth }, 200);
        const entryId = ledger.data.players[0].entries[0].id as string;
        return {
          url: `/api/v1/games/${hosted.id}/ledger/${entryId}`,
          payload: { state: 'WAIVED' },
          resourceId: hosted.id,
          snapshot: ledgerOf(world, hosted.id),
          check: (response) => assert.equal(json(response).data.state, 'WAIVED'),
        };
      },
    },
  ],
  'GET /api/v1/games/:id/payment-rules': [
    {
      label: "A's private game's rules (C co-hosts, H plays)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await withHelper(world);
        return {
          url: `/api/v1/games/${hosted.id}/payment-rules`,
          resourceId: hosted.id,
          check: (response) => assert.deepEqual(json(response).data, { payBy: 'AFTER', releaseUnpaidHoursBefore: null, source: 'DEFAULT' }),
        };
      },
    },
  ],
  'PUT /api/v1/games/:id/payment-rules': [
    {
      label: "A's private game's rules set to pay before, unpaid places held until 24 hours before (C co-hosts, H plays)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await withHelper(world);
        return {
          url: `/api/v1/games/${hosted.id}/payment-rules`,
          payload: { payBy: 'BEFORE', releaseUnpaidHoursBefore: 24 },
          resourceId: hosted.id,
          snapshot: ledgerOf(world, hosted.id),
          check: (response) => assert.deepEqual(json(response).data, { payBy: 'BEFORE', releaseUnpaidHoursBefore: 24 }),
        };
      },
    },
  ],
  'GET /api/v1/me/money': [{ label: "the caller's money across games", scope: 'shared', success: 200, prepare: async () => ({ url: '/api/v1/me/money' }) }],
  'GET /api/v1/me/paynow': [{ label: "the caller's PayNow details", scope: 'shared', success: 200, prepare: async () => ({ url: '/api/v1/me/paynow' }) }],
  'PUT /api/v1/me/paynow': [
    {
      label: "the caller's PayNow details saved",
      scope: 'shared',
      success: 200,
      prepare: async () => ({ url: '/api/v1/me/paynow', payload: { proxyType: 'MOBILE', proxy: '+65 9123 4567', displayName: 'Matrix payee' } }),
    },
  ],
  'DELETE /api/v1/me/paynow': [
    { label: "the caller's PayNow details removed", scope: 'shared', success: 204, prepare: async () => ({ url: '/api/v1/me/paynow' }) },
  ],
};
