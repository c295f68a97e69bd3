import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { userRoute } from '../../platform/http/openapi.ts';
import { NoContent, created, noContent } from '../../platform/http/replies.ts';
import { OffsetPage, OffsetQuery } from '../../platform/http/pagination.ts';
import { signedIn } from '../access/index.ts';
import type { GameJoinRequests } from './games.join-requests.ts';
import { GameIdParams, JoinRequest, JoinRequestBody, ParticipantParams, Participation } from './games.schemas.ts';

/** Join requests: asked by a player, answered by the organiser or a co-host. */
export function joinRequestRoutes(app: TypedApp, requests: GameJoinRequests) {
  app.post(
    '/api/v1/games/:id/join-requests',
    {
      schema: userRoute('games', 'Ask to join a game under approval (or outside its level range)', {
        params: GameIdParams,
        body: JoinRequestBody,
        response: { 201: Envelope(JoinRequest) },
      }),
    },
    async (request, reply) =>
      created(reply, envelope(request, await requests.create(signedIn(request).userId, request.params.id, request.body.message), 'Join requested')),
  );

  app.get(
    '/api/v1/games/:id/join-requests',
    {
      schema: userRoute('games', 'Pending join requests, oldest first (organiser or co-host)', {
        params: GameIdParams,
        querystring: OffsetQuery,
        response: { 200: Envelope(OffsetPage(JoinRequest)) },
      }),
    },
    async (request) => envelope(request, await requests.list(signedIn(request).userId, request.params.id, request.query), 'Join requests'),
  );

  app.delete(
    '/api/v1/games/:id/join-requests/me',
    { schema: userRoute('games', 'Withdraw your join request', { params: GameIdParams, response: NoContent }) },
    async (request, reply) => noContent(reply, requests.withdraw(signedIn(request).userId, request.params.id)),
  );

  app.post(
    '/api/v1/games/:id/join-requests/:userId/approve',
    {
      schema: userRoute('games', 'Approve a join request: the player joins, or its waitlist when full (organiser or co-host)', {
        params: ParticipantParams,
        response: { 200: Envelope(Participation) },
      }),
    },
    async (request) => envelope(request, await requests.approve(signedIn(request).userId, request.params.id, request.params.userId), 'Join request approved'),
  );

  app.post(
    '/api/v1/games/:id/join-requests/:userId/decline',
    { schema: userRoute('games', 'Decline a join request (organiser or co-host)', { params: ParticipantParams, response: NoContent }) },
    async (request, reply) => noContent(reply, requests.decline(signedIn(request).userId, request.params.id, request.params.userId)),
  );
}
