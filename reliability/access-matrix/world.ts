import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createSport, createVenue, gameBody, onboardedUser, type Game, type Sport } from '../../test/helpers/games.ts';
import { INTERNAL_SECRET } from '../../test/helpers/test-app.ts';
import { createUser, mintTokens, type TestUser } from '../../test/helpers/users.ts';

/**
 * The people and things every cell is built from. Users are shared (A owns, B is another live
 * user, an admin, and a helper H who joins games); resources are made fresh for every cell by the
 * helpers below, so no cell depends on another's outcome.
 */
export interface World {
  app: FastifyInstance;
  /** Where the app listens, for the cells that need a real connection (the event stream). */
  baseUrl: string;
  owner: TestUser;
  other: TestUser;
  admin: TestUser;
  helper: TestUser;
  /** H's token with A as its subject: the signature no longer matches, so it is invalid. */
  badToken: string;
  /** C: made co-host of A's games by `coHosted`. */
  coHost: TestUser;
  sport: Sport;
}

type Headers = Record<string, string>;

export interface Call {
  method: string;
  url: string;
  headers?: Headers;
  payload?: unknown;
}

/** An inject that must succeed: fixtures are built through the API, and a failing step is a broken fixture, not a cell. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture steps read the envelopes they just asked for
export async function must(app: FastifyInstance, call: Call, status: number): Promise<any> {
  const response = await app.inject({ method: call.method as 'GET', url: call.url, headers: call.headers, payload: call.payload as object });
  assert.equal(response.statusCode, status, `fixture ${call.method} ${call.url}: ${response.body}`);
  return response.body ? response.json() : undefined;
}

export async function createWorld(app: FastifyInstance, baseUrl: string): Promise<World> {
  const admin = await onboardedUser(app, 'Matrix Admin');
  await must(
    app,
    { method: 'PUT', url: `/api/v1/internal/users/${admin.id}/roles`, headers: { 'x-internal-secret': INTERNAL_SECRET }, payload: { roles: ['ADMIN'] } },
    200,
  );
  const sport = await createSport(app, admin, { name: `Matrix sport ${randomBytes(3).toString('hex')}` });
  const owner = await onboardedUser(app, 'Owner A');
  const helper = await onboardedUser(app, 'Helper H');
  return {
    app,
    baseUrl,
    owner,
    other: await onboardedUser(app, 'Other B'),
    admin,
    helper,
    badToken: forged(helper.accessToken, owner.id),
    coHost: await onboardedUser(app, 'Co-host C'),
    sport,
  };
}

/** A token whose payload was changed after signing (its subject swapped): invalid, like an expired one. */
function forged(token: string, subject: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  return `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: subject })).toString('base64url')}.${signature}`;
}

export const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;

// Every game gets its own two-hour slot, so no organiser ever overlaps.
let slot = 0;
const epoch = Date.now();

export async function game(world: World, host: TestUser, visibility: 'PUBLIC' | 'PRIVATE', overrides: Record<string, unknown> = {}): Promise<Game> {
  slot += 1;
  const body = gameBody(world.sport, new Date(epoch), 48 + slot * 3, { visibility, title: unique('Matrix game'), ...overrides });
  return (await must(world.app, { method: 'POST', url: '/api/v1/games', headers: host.auth, payload: body }, 201)).data as Game;
}

/** A game of A's with C as its co-host. */
export async function coHosted(world: World, visibility: 'PUBLIC' | 'PRIVATE', overrides: Record<string, unknown> = {}): Promise<Game> {
  const hosted = await game(world, world.owner, visibility, overrides);
  await must(world.app, { method: 'POST', url: `/api/v1/games/${hosted.id}/co-hosts`, headers: world.owner.auth, payload: { userId: world.coHost.id } }, 201);
  await acceptInvitation(world, world.coHost, hosted.id);
  return hosted;
}

/** `who` accepts their open invitation to `resourceId` (consent for membership): the invitation's id. */
export async function acceptInvitation(world: World, who: TestUser, resourceId: string): Promise<string> {
  const id = await invitationId(world, who, resourceId);
  await must(world.app, { method: 'POST', url: `/api/v1/me/invitations/${id}/accept`, headers: who.auth }, 204);
  return id;
}

/** The id of `who`'s open invitation to `resourceId`. */
export async function invitationId(world: World, who: TestUser, resourceId: string): Promise<string> {
  const open = (await must(world.app, { method: 'GET', url: '/api/v1/me/invitations', headers: who.auth }, 200)).data as Array<{
    id: string;
    resourceId: string;
  }>;
  const found = open.find((invitation) => invitation.resourceId === resourceId);
  assert.ok(found, `an open invitation to ${resourceId}`);
  return found.id;
}

/** The body of a new game in a slot of its own, for the caller to host. */
export function newGameBody(world: World): object {
  slot += 1;
  return gameBody(world.sport, new Date(epoch), 48 + slot * 3, { title: unique('Matrix new game') });
}

/** `who` sees the game through its share link (share access), then joins it. */
export async function joinPrivate(world: World, who: TestUser, target: Game): Promise<void> {
  await must(world.app, { method: 'GET', url: `/api/v1/share-links/${target.shareLink!.code}`, headers: who.auth }, 200);
  await must(world.app, { method: 'POST', url: `/api/v1/games/${target.id}/participants`, headers: who.auth }, 201);
}

export async function bookmark(world: World, who: TestUser, gameId: string): Promise<void> {
  await must(world.app, { method: 'POST', url: '/api/v1/game-bookmarks', headers: who.auth, payload: { gameId } }, 201);
}

/** A notification of A's: H joins A's public game, A is told (PLAYER_JOINED). */
export async function ownerNotification(world: World): Promise<string> {
  const hosted = await game(world, world.owner, 'PUBLIC');
  await must(world.app, { method: 'POST', url: `/api/v1/games/${hosted.id}/participants`, headers: world.helper.auth }, 201);
  const page = await must(world.app, { method: 'GET', url: '/api/v1/notifications?size=100', headers: world.owner.auth }, 200);
  const found = (page.data.content as Array<{ id: string; resourceId: string }>).find((n) => n.resourceId === hosted.id);
  assert.ok(found, 'A was notified of the join');
  return found.id;
}

export async function registerDevice(world: World, who: TestUser, deviceToken: string): Promise<string> {
  const body = await must(world.app, { method: 'POST', url: '/api/v1/device-tokens', headers: who.auth, payload: { deviceToken, platform: 'ANDROID' } }, 201);
  return body.data.createdAt as string;
}

export const freshUser = (world: World, options: { admin?: boolean; onboarded?: boolean } = {}) =>
  options.onboarded ? onboardedUser(world.app, unique('Fresh')) : createUser(world.app, { admin: options.admin, name: unique('Fresh') });

export async function freshAdmin(world: World): Promise<TestUser> {
  return createUser(world.app, { admin: true, name: unique('Fresh admin') });
}

export const freshTokens = (world: World, userId: string) => mintTokens(world.app, userId);

export async function freshActivity(world: World): Promise<string> {
  const body = await must(
    world.app,
    { method: 'POST', url: '/api/v1/admin/activities', headers: world.admin.auth, payload: { name: unique('Matrix activity') } },
    201,
  );
  return body.data.id as string;
}

export async function freshVenue(world: World): Promise<{ id: string; name: string }> {
  const name = unique('Matrix venue');
  return { id: await createVenue(world.app, world.admin, { name, activityIds: [world.sport.activityId] }), name };
}

/** A user the admin-only and internal role routes act on; `name` finds them in the admin list. */
export async function roleTarget(world: World): Promise<{ id: string; name: string }> {
  const name = unique('Role target');
  const user = await createUser(world.app, { name, subject: randomUUID() });
  return { id: user.id, name };
}

export function multipart(content: string): { payload: Buffer; headers: Headers } {
  const boundary = `----matrix${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="venues.json"\r\nContent-Type: application/json\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** What `who` reads at `url` (the envelope's data, or the status when it is not 200): a snapshot of state. */
export async function read(world: World, url: string, who?: TestUser): Promise<unknown> {
  const response = await world.app.inject({ method: 'GET', url, headers: who?.auth ?? {} });
  if (response.statusCode !== 200) return { status: response.statusCode };
  const { data } = response.json();
  return data;
}
