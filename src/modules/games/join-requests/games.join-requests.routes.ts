import { userRouteSet } from '../../../platform/http/route-set.ts';
import type { TypedApp } from '../../../platform/http/typed-app.ts';
import { signedIn } from '../../access/index.ts';
import { auditActor } from '../../audit/index.ts';
import { GamesApi } from '../games.api.ts';
import type { GameJoinRequests } from './games.join-requests.ts';

/** Join requests: asked by a player, answered by the organiser or a co-host. */
export function joinRequestRoutes(app: TypedApp, requests: GameJoinRequests) {
  const routes = userRouteSet(app, 'games', signedIn);
  routes.post('/api/v1/games/:id/join-requests', GamesApi.requestJoin, (request, { userId }) =>
    requests.create(userId, request.params.id, request.body.message),
  );
  routes.get('/api/v1/games/:id/join-requests', GamesApi.joinRequests, (request, { userId }) => requests.list(userId, request.params.id, request.query));
  routes.delete('/api/v1/games/:id/join-requests/me', GamesApi.withdrawRequest, (request, { userId }) => requests.withdraw(userId, request.params.id));
  routes.post('/api/v1/games/:id/join-requests/:userId/approve', GamesApi.approveRequest, (request, { userId }) =>
    requests.approve(userId, request.params.id, request.params.userId, auditActor(request)),
  );
  routes.post('/api/v1/games/:id/join-requests/:userId/decline', GamesApi.declineRequest, (request, { userId }) =>
    requests.decline(userId, request.params.id, request.params.userId, auditActor(request)),
  );
}
