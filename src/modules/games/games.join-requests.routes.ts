import { OffsetPage, OffsetQuery } from '../../platform/http/pagination.ts';
import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import type { GameJoinRequests } from './games.join-requests.ts';
import { GameIdParams, JoinRequest, JoinRequestBody, ParticipantParams, Participation } from './games.schemas.ts';

/** Join requests: asked by a player, answered by the organiser or a co-host. */
export function joinRequestRoutes(app: TypedApp, requests: GameJoinRequests) {
  const routes = userRouteSet(app, 'games', signedIn);

  routes.post(
    '/api/v1/games/:id/join-requests',
    {
      summary: 'Ask to join a game under approval (or outside its level range)',
      params: GameIdParams,
      body: JoinRequestBody,
      data: JoinRequest,
      status: 201,
      message: 'Join requested',
    },
    (request, { userId }) => requests.create(userId, request.params.id, request.body.message),
  );

  routes.get(
    '/api/v1/games/:id/join-requests',
    {
      summary: 'Pending join requests, oldest first (organiser or co-host)',
      params: GameIdParams,
      querystring: OffsetQuery,
      data: OffsetPage(JoinRequest),
      message: 'Join requests',
    },
    (request, { userId }) => requests.list(userId, request.params.id, request.query),
  );

  routes.delete('/api/v1/games/:id/join-requests/me', { summary: 'Withdraw your join request', params: GameIdParams }, (request, { userId }) =>
    requests.withdraw(userId, request.params.id),
  );

  routes.post(
    '/api/v1/games/:id/join-requests/:userId/approve',
    {
      summary: 'Approve a join request: the player joins, or its waitlist when full (organiser or co-host)',
      params: ParticipantParams,
      data: Participation,
      message: 'Join request approved',
    },
    (request, { userId }) => requests.approve(userId, request.params.id, request.params.userId),
  );

  routes.post(
    '/api/v1/games/:id/join-requests/:userId/decline',
    { summary: 'Decline a join request (organiser or co-host)', params: ParticipantParams },
    (request, { userId }) => requests.decline(userId, request.params.id, request.params.userId),
  );
}
