import assert from 'node:assert/strict';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { driveLogin } from '../../src/modules/auth/local-providers/index.ts';
import type { TestUser } from '../../test/helpers/users.ts';
import type { Principal } from './oracle.ts';
import type { CellResponse, Prepared, RouteCase } from './route-case.ts';
import { ATTENDANCE_CASES } from './routes.attendance.ts';
import { PAYMENTS_CASES } from './routes.payments.ts';
import { GAME_DAY_CASES } from './routes.game-day.ts';
import { SKILL_CASES } from './routes.skill.ts';
import { CHAT_CASES } from './routes.chat.ts';
import {
  bookmark,
  coHosted,
  freshActivity,
  freshAdmin,
  freshTokens,
  freshUser,
  freshVenue,
  game,
  joinPrivate,
  multipart,
  must,
  newGameBody,
  ownerNotification,
  read,
  registerDevice,
  roleTarget,
  unique,
  type World,
} from './world.ts';
import { SERIES_ROUTE_CASES } from './series-routes.ts';

const userPrincipal = (principal: Principal) => principal === 'owner' || principal === 'other' || principal === 'admin' || principal === 'coHost';

/** For a request that acts on the caller itself: a fresh caller of the principal's kind. */
async function freshCaller(world: World, principal: Principal, options: { onboarded?: boolean } = {}): Promise<TestUser | undefined> {
  if (!userPrincipal(principal)) return undefined;
  if (principal !== 'admin') return freshUser(world, options);
  const admin = await freshAdmin(world);
  if (options.onboarded) {
    await must(
      world.app,
      { method: 'POST', url: '/api/v1/me', headers: admin.auth, payload: { name: 'Admin', contactMethods: [{ name: 'whatsapp', value: '+65 9123 4567' }] } },
      201,
    );
  }
  return admin;
}

const json = (response: CellResponse) => JSON.parse(response.body);

/** A browser's PushSubscription.toJSON(): a fresh P-256 key, to an endpoint nothing listens on (a push to it is only retried). */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `http://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** A response listing things: A sees `id`; nobody else does. */
function listsOnlyForOwner(id: string) {
  return (response: CellResponse, principal: Principal) => {
    if (principal === 'owner') assert.ok(response.body.includes(id), `A's own ${id} is listed for A`);
    else assert.ok(!response.body.includes(id), `A's ${id} is not shown to ${principal}`);
  };
}

/** H asks to join A's game under approval (C co-hosts it); the request answers H's request. */
async function answerCase(world: World, answer: 'approve' | 'decline'): Promise<Prepared> {
  const hosted = await coHosted(world, 'PUBLIC', { joinPolicy: 'APPROVAL' });
  await must(world.app, { method: 'POST', url: `/api/v1/games/${hosted.id}/join-requests`, headers: world.helper.auth, payload: {} }, 201);
  return {
    url: `/api/v1/games/${hosted.id}/join-requests/${world.helper.id}/${answer}`,
    resourceId: hosted.id,
    snapshot: () => read(world, `/api/v1/games/${hosted.id}/join-requests`, world.owner),
  };
}

const simple = (success: number, url: string, extra: Partial<Prepared> = {}): RouteCase[] => [
  { label: 'document', scope: 'shared', success, prepare: async () => ({ url, ...extra }) },
];

/** A's game as A sees it: the state an outsider's request must not touch. */
const gameAsOwner = (world: World, id: string) => () => read(world, `/api/v1/games/${id}`, world.owner);

/** A waits for H's private game under OFFER; its one player leaves, so A holds the offer of the place. */
async function offerCase(world: World, answer: 'accept' | 'decline'): Promise<Prepared> {
  const hosted = await game(world, world.helper, 'PRIVATE', { slots: 1, waitlistMode: 'OFFER' });
  const leaver = await freshUser(world);
  await joinPrivate(world, leaver, hosted);
  await joinPrivate(world, world.owner, hosted);
  await must(world.app, { method: 'DELETE', url: `/api/v1/games/${hosted.id}/participants/me`, headers: leaver.auth }, 204);
  return { url: `/api/v1/games/${hosted.id}/waitlist-offer/${answer}`, snapshot: gameAsOwner(world, hosted.id), resourceId: hosted.id };
}

/**
 * Every route of the app, by `METHOD template`, with how to make a request for it. HEAD uses the
 * GET entry. A registered route missing here fails the matrix, and so does an entry no route has.
 */
export const ROUTE_CASES: Record<string, RouteCase[]> = {
  // Recurring series
  ...SERIES_ROUTE_CASES,

  // Attendance, ratings and calendars
  ...ATTENDANCE_CASES,
  // Money: payments, ledgers, PayNow details
  ...PAYMENTS_CASES,
  // Game day
  ...GAME_DAY_CASES,
  // Skill ratings learnt from game day
  ...SKILL_CASES,
  // A game's chat
  ...CHAT_CASES,
  // The web app (its entry page for any deep link, and its hashed assets)
  'GET /app': simple(200, '/app'),
  'GET /app/*': simple(200, '/app/games/some-game'),
  // Documentation and operations
  'GET /swagger-ui': simple(200, '/swagger-ui'),
  // @fastify/swagger-ui sends the static index back to the UI's root.
  'GET /swagger-ui/static/index.html': simple(302, '/swagger-ui/static/index.html'),
  'GET /swagger-ui/static/swagger-initializer.js': simple(200, '/swagger-ui/static/swagger-initializer.js'),
  'GET /swagger-ui/json': simple(200, '/swagger-ui/json'),
  'GET /swagger-ui/yaml': simple(200, '/swagger-ui/yaml'),
  'GET /swagger-ui/static/*': simple(200, '/swagger-ui/static/swagger-ui.css'),
  'GET /v3/api-docs': simple(200, '/v3/api-docs'),
  'GET /api/v1/public/health': simple(200, '/api/v1/public/health'),
  'GET /actuator/health': simple(200, '/actuator/health'),
  'GET /actuator/health/liveness': simple(200, '/actuator/health/liveness'),
  'GET /actuator/health/readiness': simple(200, '/actuator/health/readiness'),
  'GET /actuator/info': simple(200, '/actuator/info'),
  'GET /actuator/prometheus': simple(200, '/actuator/prometheus'),
  'GET /.well-known/jwks.json': simple(200, '/.well-known/jwks.json'),
  'GET /.well-known/mobile-app-site-association': simple(200, '/.well-known/mobile-app-site-association'),

  // Tokens and sign-in
  'POST /api/v1/auth/refresh': [
    {
      label: "A's refresh token in the body",
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({ url: '/api/v1/auth/refresh', payload: { refreshToken: (await freshTokens(world, world.owner.id)).refreshToken } }),
    },
  ],
  'POST /api/v1/auth/logout': [
    {
      label: 'the caller’s own session',
      scope: 'shared',
      success: 200,
      prepare: async () => ({ url: '/api/v1/auth/logout', payload: {} }),
    },
  ],
  'POST /api/v1/auth/dev/tokens': [
    {
      label: 'tokens for A',
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({
        url: '/api/v1/auth/dev/tokens',
        payload: { userId: world.owner.id },
        check: (response) => assert.equal(typeof json(response).data.accessToken, 'string'),
      }),
    },
  ],
  'GET /api/v1/auth/login/national': simple(302, '/api/v1/auth/login/national'),
  'GET /api/v1/auth/login/social': simple(302, '/api/v1/auth/login/social?provider=google-oauth2'),
  'GET /callback/national': [{ label: 'a completed provider sign-in', scope: 'shared', success: 302, prepare: (world) => signedInCallback(world, 'national') }],
  'GET /callback/social': [{ label: 'a completed provider sign-in', scope: 'shared', success: 302, prepare: (world) => signedInCallback(world, 'social') }],
  // Seed 7: an invalid provider is 400 invalid_provider, not an unknown path.
  'GET /api/v1/auth/login/:provider': simple(400, '/api/v1/auth/login/facebook', { check: invalidProvider }),
  'GET /callback/:provider': simple(400, '/callback/facebook?code=x&state=y', { check: invalidProvider }),

  // Internal (server to server)
  'POST /api/v1/internal/users': [
    {
      label: 'a new identity',
      scope: 'shared',
      success: 201,
      prepare: async () => ({
        url: '/api/v1/internal/users',
        payload: { authProvider: 'social', subject: `matrix-${randomBytes(6).toString('hex')}`, name: 'Provisioned' },
      }),
    },
  ],
  'PUT /api/v1/internal/users/:id/roles': [
    {
      label: 'a user made admin',
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const target = await roleTarget(world);
        return {
          url: `/api/v1/internal/users/${target.id}/roles`,
          payload: { roles: ['ADMIN'] },
          snapshot: () => read(world, `/api/v1/admin/users?q=${encodeURIComponent(target.name)}`, world.admin),
        };
      },
    },
  ],
  'POST /api/v1/internal/jobs/:name/run': simple(200, '/api/v1/internal/jobs/game-status/run'),

  // Admin
  'GET /api/v1/admin/users': simple(200, '/api/v1/admin/users'),
  'GET /api/v1/admin/audit': simple(200, '/api/v1/admin/audit?objectType=activity'),
  'PUT /api/v1/admin/users/:id/roles': [
    {
      label: 'a user made admin',
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const target = await roleTarget(world);
        return {
          url: `/api/v1/admin/users/${target.id}/roles`,
          payload: { roles: ['ADMIN'] },
          snapshot: () => read(world, `/api/v1/admin/users?q=${encodeURIComponent(target.name)}`, world.admin),
        };
      },
    },
  ],
  'POST /api/v1/admin/activities': [
    {
      label: 'a new activity',
      scope: 'shared',
      success: 201,
      prepare: async (world) => {
        const name = unique('Matrix new activity');
        return {
          url: '/api/v1/admin/activities',
          payload: { name },
          snapshot: async () => JSON.stringify(await read(world, '/api/v1/activities?size=100')).includes(name),
        };
      },
    },
  ],
  'PUT /api/v1/admin/activities/:id': [
    {
      label: 'an activity renamed',
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const id = await freshActivity(world);
        return {
          url: `/api/v1/admin/activities/${id}`,
          payload: { name: unique('Renamed activity') },
          snapshot: () => read(world, `/api/v1/activities/${id}`),
        };
      },
    },
  ],
  'DELETE /api/v1/admin/activities/:id': [
    {
      label: 'an unused activity',
      scope: 'shared',
      success: 204,
      prepare: async (world) => {
        const id = await freshActivity(world);
        return { url: `/api/v1/admin/activities/${id}`, snapshot: () => read(world, `/api/v1/activities/${id}`) };
      },
    },
  ],
  'PUT /api/v1/admin/activities/:id/skill-levels': [
    {
      label: 'a ladder replaced',
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const id = await freshActivity(world);
        return {
          url: `/api/v1/admin/activities/${id}/skill-levels`,
          payload: { skillLevels: [{ name: 'Open', sortOrder: 1 }] },
          snapshot: () => read(world, `/api/v1/activities/${id}`),
        };
      },
    },
  ],
  'POST /api/v1/admin/venues': [
    {
      label: 'a new venue',
      scope: 'shared',
      success: 201,
      prepare: async (world) => {
        const name = unique('Matrix new venue');
        return {
          url: '/api/v1/admin/venues',
          payload: { name, address: '1 Matrix Road', latitude: 1.3, longitude: 103.8, activityIds: [world.sport.activityId] },
          snapshot: () => read(world, `/api/v1/venues?q=${encodeURIComponent(name)}`),
        };
      },
    },
  ],
  'PUT /api/v1/admin/venues/:id': [
    {
      label: 'a venue changed',
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const venue = await freshVenue(world);
        return {
          url: `/api/v1/admin/venues/${venue.id}`,
          payload: { address: '2 Changed Road' },
          snapshot: () => read(world, `/api/v1/venues?q=${encodeURIComponent(venue.name)}`),
        };
      },
    },
  ],
  'DELETE /api/v1/admin/venues/:id': [
    {
      label: 'a venue',
      scope: 'shared',
      success: 204,
      prepare: async (world) => {
        const venue = await freshVenue(world);
        return { url: `/api/v1/admin/venues/${venue.id}`, snapshot: () => read(world, `/api/v1/venues?q=${encodeURIComponent(venue.name)}`) };
      },
    },
  ],
  'POST /api/v1/admin/venues/import': [
    {
      label: 'a one-venue JSON file',
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const name = unique('Matrix imported venue');
        const file = JSON.stringify([
          {
            sourceId: `matrix-${randomBytes(6).toString('hex')}`,
            name,
            address: '3 Import Road',
            latitude: 1.31,
            longitude: 103.81,
            activityIds: [world.sport.activityId],
          },
        ]);
        const upload = multipart(file);
        return {
          url: '/api/v1/admin/venues/import',
          payload: upload.payload,
          headers: upload.headers,
          snapshot: () => read(world, `/api/v1/venues?q=${encodeURIComponent(name)}`),
        };
      },
    },
  ],
  'DELETE /api/v1/admin/games/:id': [
    {
      label: "A's game cancelled by an admin",
      scope: 'shared',
      success: 204,
      prepare: async (world) => {
        const hosted = await game(world, world.owner, 'PUBLIC');
        return { url: `/api/v1/admin/games/${hosted.id}`, snapshot: gameAsOwner(world, hosted.id), resourceId: hosted.id };
      },
    },
  ],

  // Me
  'GET /api/v1/me': [
    {
      label: "the caller's profile",
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({ url: '/api/v1/me', check: (response, principal) => assertSelf(world, response, principal) }),
    },
  ],
  'POST /api/v1/me': [
    {
      label: "the caller's onboarding (a fresh caller)",
      scope: 'shared',
      success: 201,
      prepare: async (world, principal) => ({
        url: '/api/v1/me',
        caller: await freshCaller(world, principal),
        payload: { name: 'Onboarded', contactMethods: [{ name: 'telegram', value: '@matrix' }] },
        snapshot: () => read(world, '/api/v1/me', world.owner),
      }),
    },
  ],
  'PUT /api/v1/me': [
    {
      label: "the caller's profile",
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({
        url: '/api/v1/me',
        payload: { contactMethods: [{ name: 'telegram', value: `@m${randomBytes(4).toString('hex')}` }] },
        snapshot: () => read(world, '/api/v1/me', world.owner),
      }),
    },
  ],
  'GET /api/v1/me/notification-preferences': simple(200, '/api/v1/me/notification-preferences'),
  'PUT /api/v1/me/notification-preferences': [
    {
      label: "the caller's notification preferences",
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const gameId = randomUUID();
        return {
          url: '/api/v1/me/notification-preferences',
          payload: { types: { GAME_FULL: { push: false } }, mutedGameIds: [gameId] },
          snapshot: () => read(world, '/api/v1/me/notification-preferences', world.owner),
          check: (response) => assert.deepEqual(json(response).data.mutedGameIds, [gameId], 'the caller’s own preferences changed'),
        };
      },
    },
  ],
  'DELETE /api/v1/me': [
    {
      label: "the caller's account (fresh A and caller)",
      scope: 'shared',
      success: 204,
      prepare: async (world, principal) => {
        const owner = await freshUser(world, { onboarded: true });
        const caller = principal === 'owner' ? owner : await freshCaller(world, principal);
        return {
          url: '/api/v1/me',
          caller,
          snapshot: () => read(world, '/api/v1/me', owner),
          check: async () => {
            assert.equal((await world.app.inject({ url: '/api/v1/me', headers: caller!.auth })).statusCode, 401, 'the deleted account’s token stops');
          },
        };
      },
    },
  ],

  // Activities and venues (public reads)
  'GET /api/v1/activities': simple(200, '/api/v1/activities'),
  'GET /api/v1/activities/:id': [
    {
      label: 'an activity',
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({ url: `/api/v1/activities/${world.sport.activityId}` }),
    },
  ],
  'GET /api/v1/venues': simple(200, '/api/v1/venues'),

  // Games
  'GET /api/v1/games': [
    {
      label: "the list, with A's private game",
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const hosted = await game(world, world.owner, 'PRIVATE');
        return { url: '/api/v1/games?size=1000', check: listsOnlyForOwner(hosted.id) };
      },
    },
  ],
  'GET /api/v1/games/filter-options': [
    {
      label: "the options, with A's private game at a venue of its own",
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const venue = await freshVenue(world);
        const hosted = await game(world, world.owner, 'PRIVATE', { venueId: venue.id });
        assert.equal(hosted.venue.id, venue.id);
        return { url: '/api/v1/games/filter-options', check: listsOnlyForOwner(venue.id) };
      },
    },
  ],
  'GET /api/v1/games/:id': [
    {
      label: "A's private game (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PRIVATE');
        return { url: `/api/v1/games/${hosted.id}`, resourceId: hosted.id };
      },
    },
    {
      label: 'a public game',
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({ url: `/api/v1/games/${(await game(world, world.owner, 'PUBLIC')).id}` }),
    },
  ],
  'POST /api/v1/games': [
    {
      label: 'a game hosted by the caller',
      scope: 'shared',
      success: 201,
      prepare: async (world) => ({ url: '/api/v1/games', payload: newGameBody(world) }),
    },
  ],
  'PUT /api/v1/games/:id': [
    {
      label: "A's private game (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PRIVATE');
        return {
          url: `/api/v1/games/${hosted.id}`,
          payload: { title: 'Changed by the matrix' },
          snapshot: gameAsOwner(world, hosted.id),
          resourceId: hosted.id,
        };
      },
    },
    {
      label: "A's public game (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PUBLIC');
        return { url: `/api/v1/games/${hosted.id}`, payload: { slots: 6 }, snapshot: gameAsOwner(world, hosted.id), resourceId: hosted.id };
      },
    },
  ],
  'POST /api/v1/games/:id/confirm': [
    {
      label: "A's private game confirmed (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PRIVATE', { minPlayers: 2 });
        return { url: `/api/v1/games/${hosted.id}/confirm`, snapshot: gameAsOwner(world, hosted.id), resourceId: hosted.id };
      },
    },
  ],
  'DELETE /api/v1/games/:id': [
    {
      label: "A's private game (C co-hosts)",
      scope: 'owner-or-admin',
      success: 204,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PRIVATE');
        return { url: `/api/v1/games/${hosted.id}`, snapshot: gameAsOwner(world, hosted.id), resourceId: hosted.id };
      },
    },
    {
      label: "A's public game (C co-hosts)",
      scope: 'owner-or-admin',
      success: 204,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PUBLIC');
        return { url: `/api/v1/games/${hosted.id}`, snapshot: gameAsOwner(world, hosted.id), resourceId: hosted.id };
      },
    },
  ],
  'DELETE /api/v1/games/:id/hard': [
    {
      label: "A's private game (C co-hosts)",
      scope: 'owner-or-admin',
      success: 204,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PRIVATE');
        return { url: `/api/v1/games/${hosted.id}/hard`, snapshot: gameAsOwner(world, hosted.id), resourceId: hosted.id };
      },
    },
    {
      label: "A's public game (C co-hosts)",
      scope: 'owner-or-admin',
      success: 204,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PUBLIC');
        return { url: `/api/v1/games/${hosted.id}/hard`, snapshot: gameAsOwner(world, hosted.id), resourceId: hosted.id };
      },
    },
  ],
  'POST /api/v1/games/:id/participants': [
    {
      label: "A's private game (A not yet playing)",
      scope: 'owner',
      success: 201,
      prepare: async (world) => {
        const hosted = await game(world, world.owner, 'PRIVATE');
        return { url: `/api/v1/games/${hosted.id}/participants`, snapshot: gameAsOwner(world, hosted.id), resourceId: hosted.id };
      },
    },
    {
      label: "A's public game",
      scope: 'shared',
      success: 201,
      prepare: async (world) => ({ url: `/api/v1/games/${(await game(world, world.owner, 'PUBLIC')).id}/participants` }),
    },
  ],
  'GET /api/v1/games/:id/participants': [
    {
      label: "A's private game (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PRIVATE');
        return { url: `/api/v1/games/${hosted.id}/participants`, resourceId: hosted.id };
      },
    },
    {
      label: "A's public game",
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({ url: `/api/v1/games/${(await game(world, world.owner, 'PUBLIC')).id}/participants` }),
    },
  ],
  'DELETE /api/v1/games/:id/participants/me': [
    {
      label: "A's place in H's private game",
      scope: 'owner',
      success: 204,
      prepare: async (world) => {
        const hosted = await game(world, world.helper, 'PRIVATE');
        await joinPrivate(world, world.owner, hosted);
        return { url: `/api/v1/games/${hosted.id}/participants/me`, snapshot: gameAsOwner(world, hosted.id), resourceId: hosted.id };
      },
    },
  ],
  'PUT /api/v1/games/:id/participants/me/guests': [
    {
      label: "A's place in H's private game that allows guests",
      scope: 'owner',
      success: 200,
      prepare: async (world) => {
        const hosted = await game(world, world.helper, 'PRIVATE', { maxGuestsPerPlayer: 2 });
        await joinPrivate(world, world.owner, hosted);
        return {
          url: `/api/v1/games/${hosted.id}/participants/me/guests`,
          payload: { guests: 1 },
          snapshot: gameAsOwner(world, hosted.id),
          resourceId: hosted.id,
        };
      },
    },
  ],
  'POST /api/v1/games/:id/waitlist-offer/accept': [
    { label: "A's offer of a place in H's private game", scope: 'owner', success: 200, prepare: (world) => offerCase(world, 'accept') },
  ],
  'POST /api/v1/games/:id/waitlist-offer/decline': [
    { label: "A's offer of a place in H's private game", scope: 'owner', success: 204, prepare: (world) => offerCase(world, 'decline') },
  ],
  'DELETE /api/v1/games/:id/participants/:userId': [
    {
      label: "H removed from A's private game (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 204,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PRIVATE');
        await joinPrivate(world, world.helper, hosted);
        return {
          url: `/api/v1/games/${hosted.id}/participants/${world.helper.id}`,
          snapshot: () => read(world, `/api/v1/games/${hosted.id}/participants`, world.owner),
          resourceId: hosted.id,
        };
      },
    },
  ],
  'GET /api/v1/games/:id/co-hosts': [
    {
      label: "A's private game's co-hosts (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PRIVATE');
        return { url: `/api/v1/games/${hosted.id}/co-hosts`, resourceId: hosted.id, check: (response) => assert.ok(response.body.includes(world.coHost.id)) };
      },
    },
  ],
  'POST /api/v1/games/:id/co-hosts': [
    {
      label: "H made co-host of A's private game (C co-hosts)",
      scope: 'owner',
      success: 201,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PRIVATE');
        return {
          url: `/api/v1/games/${hosted.id}/co-hosts`,
          payload: { userId: world.helper.id },
          resourceId: hosted.id,
          snapshot: () => read(world, `/api/v1/games/${hosted.id}/co-hosts`, world.owner),
        };
      },
    },
  ],
  'DELETE /api/v1/games/:id/co-hosts/:userId': [
    {
      label: "C removed as co-host of A's private game",
      scope: 'owner',
      success: 204,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PRIVATE');
        return {
          url: `/api/v1/games/${hosted.id}/co-hosts/${world.coHost.id}`,
          resourceId: hosted.id,
          snapshot: () => read(world, `/api/v1/games/${hosted.id}/co-hosts`, world.owner),
        };
      },
    },
  ],
  'POST /api/v1/games/:id/join-requests': [
    {
      label: "a request to H's public game under approval",
      scope: 'shared',
      success: 201,
      prepare: async (world) => ({
        url: `/api/v1/games/${(await game(world, world.helper, 'PUBLIC', { joinPolicy: 'APPROVAL' })).id}/join-requests`,
        payload: { message: 'Matrix' },
      }),
    },
  ],
  'GET /api/v1/games/:id/join-requests': [
    {
      label: "A's game under approval, H asked (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const hosted = await coHosted(world, 'PUBLIC', { joinPolicy: 'APPROVAL' });
        await must(world.app, { method: 'POST', url: `/api/v1/games/${hosted.id}/join-requests`, headers: world.helper.auth, payload: {} }, 201);
        return {
          url: `/api/v1/games/${hosted.id}/join-requests`,
          resourceId: hosted.id,
          check: (response) => assert.ok(response.body.includes(world.helper.id)),
        };
      },
    },
  ],
  'DELETE /api/v1/games/:id/join-requests/me': [
    {
      label: "A's request to H's game under approval",
      scope: 'owner',
      success: 204,
      prepare: async (world) => {
        const hosted = await game(world, world.helper, 'PUBLIC', { joinPolicy: 'APPROVAL' });
        await must(world.app, { method: 'POST', url: `/api/v1/games/${hosted.id}/join-requests`, headers: world.owner.auth, payload: {} }, 201);
        return {
          url: `/api/v1/games/${hosted.id}/join-requests/me`,
          resourceId: hosted.id,
          snapshot: () => read(world, `/api/v1/games/${hosted.id}/join-requests`, world.helper),
        };
      },
    },
  ],
  'POST /api/v1/games/:id/join-requests/:userId/approve': [
    {
      label: "H's request to A's game under approval (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: (world) => answerCase(world, 'approve'),
    },
  ],
  'POST /api/v1/games/:id/join-requests/:userId/decline': [
    {
      label: "H's request to A's game under approval (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 204,
      prepare: (world) => answerCase(world, 'decline'),
    },
  ],
  'GET /api/v1/me/games/joined': [
    {
      label: "the caller's games (A plays in H's private game)",
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const hosted = await game(world, world.helper, 'PRIVATE');
        await joinPrivate(world, world.owner, hosted);
        return { url: '/api/v1/me/games/joined?size=1000', check: listsOnlyForOwner(hosted.id) };
      },
    },
  ],
  'GET /api/v1/me/games/hosted': [
    {
      label: "the caller's hosted games (A hosts a private game)",
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const hosted = await game(world, world.owner, 'PRIVATE');
        return { url: '/api/v1/me/games/hosted?size=1000', check: listsOnlyForOwner(hosted.id) };
      },
    },
  ],

  // Share links
  'POST /api/v1/share-links': [
    {
      label: "the link of A's private game",
      scope: 'owner',
      success: 200,
      prepare: async (world) => {
        const hosted = await game(world, world.owner, 'PRIVATE');
        return { url: '/api/v1/share-links', payload: { resourceType: 'GAME', resourceId: hosted.id }, resourceId: hosted.id };
      },
    },
  ],
  'POST /api/v1/share-links/rotate': [
    {
      label: "the code of A's private game",
      scope: 'owner',
      success: 200,
      prepare: async (world) => {
        const hosted = await game(world, world.owner, 'PRIVATE');
        const code = hosted.shareLink!.code;
        // Anyone but A leaves the code working; A's rotation retires it.
        const works = async () => (await world.app.inject({ url: `/api/v1/share-links/${code}` })).statusCode === 200;
        return {
          url: '/api/v1/share-links/rotate',
          payload: { resourceType: 'GAME', resourceId: hosted.id },
          resourceId: hosted.id,
          snapshot: works,
          check: async (_response, principal) => {
            if (principal === 'owner') assert.equal(await works(), false, 'the old code is retired');
          },
        };
      },
    },
  ],
  'GET /api/v1/share-links/:code': [
    {
      label: "the code of A's private game",
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({ url: `/api/v1/share-links/${(await game(world, world.owner, 'PRIVATE')).shareLink!.code}` }),
    },
  ],
  'GET /games/:code': [
    {
      label: "the page of A's private game",
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({ url: `/games/${(await game(world, world.owner, 'PRIVATE')).shareLink!.code}` }),
    },
  ],

  // Bookmarks
  'POST /api/v1/game-bookmarks': [
    {
      label: "A's private game",
      scope: 'owner',
      success: 201,
      prepare: async (world) => {
        const hosted = await game(world, world.owner, 'PRIVATE');
        return {
          url: '/api/v1/game-bookmarks',
          payload: { gameId: hosted.id },
          snapshot: () => read(world, '/api/v1/game-bookmarks?size=100', world.owner),
          resourceId: hosted.id,
        };
      },
    },
    {
      label: 'a public game',
      scope: 'shared',
      success: 201,
      prepare: async (world) => {
        const hosted = await game(world, world.helper, 'PUBLIC');
        return { url: '/api/v1/game-bookmarks', payload: { gameId: hosted.id }, snapshot: () => read(world, '/api/v1/game-bookmarks?size=100', world.owner) };
      },
    },
  ],
  'GET /api/v1/game-bookmarks': [
    {
      label: "the caller's bookmarks (A bookmarked a private game)",
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const hosted = await game(world, world.owner, 'PRIVATE');
        await bookmark(world, world.owner, hosted.id);
        return { url: '/api/v1/game-bookmarks?size=100', check: listsOnlyForOwner(hosted.id) };
      },
    },
  ],
  'DELETE /api/v1/game-bookmarks/:gameId': [
    {
      // CONTRACT §5: 204 whether or not it existed; the caller's own bookmark is what goes.
      label: "A's bookmark (of A's private game)",
      scope: 'shared',
      success: 204,
      prepare: async (world) => {
        const hosted = await game(world, world.owner, 'PRIVATE');
        await bookmark(world, world.owner, hosted.id);
        const bookmarks = () => read(world, '/api/v1/game-bookmarks?size=100', world.owner);
        return {
          url: `/api/v1/game-bookmarks/${hosted.id}`,
          snapshot: bookmarks,
          check: async (_response, principal) => {
            if (principal === 'owner') assert.ok(!JSON.stringify(await bookmarks()).includes(hosted.id), 'A’s bookmark is gone');
          },
        };
      },
    },
  ],

  // Notifications and devices
  'GET /api/v1/notifications': [
    {
      label: "the caller's notifications (A has one)",
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const id = await ownerNotification(world);
        return { url: '/api/v1/notifications?size=100', check: listsOnlyForOwner(id) };
      },
    },
  ],
  'GET /api/v1/notifications/unread-count': simple(200, '/api/v1/notifications/unread-count'),
  'GET /api/v1/notifications/stream': [
    {
      label: "the caller's stream, replayed from the start (A has a notification)",
      scope: 'shared',
      success: 200,
      transport: 'http',
      prepare: async (world, principal) => {
        const id = await ownerNotification(world);
        return {
          url: '/api/v1/notifications/stream',
          headers: { accept: 'text/event-stream', 'last-event-id': '0' },
          // A's replay reaches A's newest notification; anyone else's is read for a while and must never show it.
          stream: { readMs: principal === 'owner' ? 5000 : 500, until: id },
          check: (response, who) => {
            assert.match(String(response.headers['content-type']), /^text\/event-stream/);
            listsOnlyForOwner(id)(response, who);
          },
        };
      },
    },
  ],
  'PUT /api/v1/notifications/read-all': [
    {
      label: "the caller's notifications (A has an unread one)",
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        await ownerNotification(world);
        return {
          url: '/api/v1/notifications/read-all',
          snapshot: () => read(world, '/api/v1/notifications?size=100', world.owner),
          check: (response, principal) => {
            if (principal === 'owner') assert.ok(json(response).data.updated >= 1, 'A’s notification was marked');
          },
        };
      },
    },
  ],
  'PUT /api/v1/notifications/:id/read': [
    {
      label: "A's notification",
      scope: 'owner',
      success: 200,
      prepare: async (world) => {
        const id = await ownerNotification(world);
        return { url: `/api/v1/notifications/${id}/read`, snapshot: () => read(world, '/api/v1/notifications?size=100', world.owner), resourceId: id };
      },
    },
  ],
  'DELETE /api/v1/notifications/:id': [
    {
      label: "A's notification",
      scope: 'owner',
      success: 204,
      prepare: async (world) => {
        const id = await ownerNotification(world);
        return { url: `/api/v1/notifications/${id}`, snapshot: () => read(world, '/api/v1/notifications?size=100', world.owner), resourceId: id };
      },
    },
  ],
  'POST /api/v1/device-tokens': [
    {
      label: "a new device of the caller's",
      scope: 'shared',
      success: 201,
      prepare: async () => ({ url: '/api/v1/device-tokens', payload: { deviceToken: `matrix-device-${randomBytes(8).toString('hex')}`, platform: 'IOS' } }),
    },
  ],
  'GET /api/v1/push/web-config': simple(200, '/api/v1/push/web-config'),
  'POST /api/v1/me/push-subscriptions': [
    {
      label: "a new browser subscription of the caller's",
      scope: 'shared',
      success: 201,
      prepare: async () => ({ url: '/api/v1/me/push-subscriptions', payload: browserSubscription() }),
    },
  ],
  'DELETE /api/v1/me/push-subscriptions': [
    {
      // As for device tokens: 204 whether or not it was subscribed; only the caller's own subscription goes.
      label: "A's browser subscription",
      scope: 'shared',
      success: 204,
      prepare: async (world) => {
        const subscription = browserSubscription();
        const subscribe = async () =>
          (await must(world.app, { method: 'POST', url: '/api/v1/me/push-subscriptions', headers: world.owner.auth, payload: subscription }, 201)).data
            .createdAt as string;
        const createdAt = await subscribe();
        await delay(2); // a re-created row must get a later createdAt than this one
        const survives = async () => (await subscribe()) === createdAt;
        return {
          url: '/api/v1/me/push-subscriptions',
          payload: { endpoint: subscription.endpoint },
          snapshot: survives,
          check: async (_response, principal) => {
            if (principal === 'owner') assert.equal(await survives(), false, 'A’s browser subscription is gone');
          },
        };
      },
    },
  ],
  'DELETE /api/v1/device-tokens': [
    {
      // CONTRACT §5: 204 whether or not it was registered; only the caller's own registration goes.
      label: "A's device token",
      scope: 'shared',
      success: 204,
      prepare: async (world) => {
        const token = `matrix-device-${randomBytes(8).toString('hex')}`;
        const createdAt = await registerDevice(world, world.owner, token);
        await delay(2); // a re-registered row must get a later createdAt than this one
        // Registering again keeps createdAt while the row lives: a changed createdAt means it was removed.
        const survives = async () => (await registerDevice(world, world.owner, token)) === createdAt;
        return {
          url: `/api/v1/device-tokens?deviceToken=${token}`,
          snapshot: survives,
          check: async (_response, principal) => {
            if (principal === 'owner') assert.equal(await survives(), false, 'A’s device token is gone');
          },
        };
      },
    },
  ],
};

async function signedInCallback(world: World, provider: 'national' | 'social'): Promise<Prepared> {
  const query = provider === 'social' ? '?provider=google-oauth2' : '';
  const start = await world.app.inject({ url: `/api/v1/auth/login/${provider}${query}` });
  assert.equal(start.statusCode, 302, start.body);
  const callback = await driveLogin(String(start.headers.location), 'alice');
  // The browser that started the sign-in brings its login binding cookie back.
  const binding = [start.headers['set-cookie']]
    .flat()
    .find((c) => c?.startsWith('login_binding='))!
    .split(';')[0]!;
  return {
    url: callback.pathname + callback.search,
    headers: { cookie: binding },
    check: (response) => assert.ok(!String(response.headers.location).includes('error='), `signed in: ${String(response.headers.location)}`),
  };
}

function invalidProvider(response: CellResponse) {
  assert.equal(json(response).code, 'invalid_provider');
}

function assertSelf(world: World, response: CellResponse, principal: Principal) {
  const { userId } = json(response).data;
  if (principal === 'owner') assert.equal(userId, world.owner.id);
  else assert.ok(!response.body.includes(world.owner.id), 'another caller never sees A’s profile');
}
