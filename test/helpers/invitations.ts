import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from './users.ts';

export interface ListedInvitation {
  id: string;
  kind: 'SERIES_REGULAR' | 'SERIES_CO_HOST' | 'GAME_CO_HOST';
  resourceType: 'GAME' | 'SERIES';
  resourceId: string;
  invitedBy: string;
  invitedByName: string | null;
  createdAt: string;
  expiresAt: string;
}

export async function invitationsOf(app: FastifyInstance, who: TestUser): Promise<ListedInvitation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/me/invitations', headers: who.auth });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}

/** The person accepts their open invitation to `resourceId` (of `kind` when given): 204. */
export async function acceptInvitation(app: FastifyInstance, who: TestUser, resourceId: string, kind?: ListedInvitation['kind']): Promise<void> {
  const invitation = (await invitationsOf(app, who)).find((i) => i.resourceId === resourceId && (!kind || i.kind === kind));
  assert.ok(invitation, `an open invitation to ${resourceId}`);
  const response = await app.inject({ method: 'POST', url: `/api/v1/me/invitations/${invitation.id}/accept`, headers: who.auth });
  assert.equal(response.statusCode, 204, response.body);
}

/** The organiser invites a co-host of the game, who accepts: a co-host from now on. */
export async function addCoHost(app: FastifyInstance, organizer: TestUser, gameId: string, coHost: TestUser): Promise<void> {
  const response = await app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/co-hosts`, headers: organizer.auth, payload: { userId: coHost.id } });
  assert.equal(response.statusCode, 201, response.body);
  await acceptInvitation(app, coHost, gameId, 'GAME_CO_HOST');
}
