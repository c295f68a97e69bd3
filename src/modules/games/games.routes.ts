import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { openRouteSet, userRouteSet } from '../../platform/http/route-set.ts';
import { GamesApi } from './games.api.ts';
import type { GameCoHosts } from './co-hosts/games.co-hosts.ts';
import type { GameCommands } from './games.commands.ts';
import type { GameJoinRequests } from './join-requests/games.join-requests.ts';
import type { GameParticipation } from './participation/games.participation.ts';
import type { GameQueries } from './listing/games.queries.ts';
import type { GameViewerPlace } from './participation/games.viewer-place.ts';
import { signedIn, type Principal } from '../access/index.ts';
import { joinRequestRoutes } from './join-requests/games.join-requests.routes.ts';
import { auditActor } from '../audit/index.ts';
import { partyRoutes } from './participation/games.party.routes.ts';

export interface GamesRoutesOptions {
  queries: GameQueries;
  commands: GameCommands;
  participation: GameParticipation;
  coHosts: GameCoHosts;
  requests: GameJoinRequests;
  place: GameViewerPlace;
}

const viewerOf = (request: FastifyRequest) => request.principal?.userId ?? null;
/** What the rules of a game's hosts and admins need of the caller. */
const actorOf = ({ userId, roles }: Principal) => ({ userId, roles });

export async function gamesRoutes(app: TypedApp, { queries, commands, participation, coHosts, requests, place }: GamesRoutesOptions) {
  joinRequestRoutes(app, requests);
  partyRoutes(app, participation);

  const listings = openRouteSet(app, 'games', viewerOf);
  const etagOf = (value: unknown) => queries.taggedOf(value)?.etag;
  // A cached game or page is sent as the bytes its tag is of (its presenter maps the schema field by field).
  const jsonOf = (value: unknown) => queries.taggedOf(value)?.bytes;
  listings.get('/api/v1/games', { ...GamesApi.list, etagOf, jsonOf }, (request, viewerId) => queries.list(request.query, viewerId));
  listings.get('/api/v1/games/filter-options', { ...GamesApi.filterOptions, etagOf }, (request, viewerId) => queries.filterOptions(request.query, viewerId));
  // A signed-in viewer's page also says where they stand (viewerPlace); the anonymous one stays cacheable.
  listings.get('/api/v1/games/:id', { ...GamesApi.one, etagOf, jsonOf, offlineCopy: true }, async (request, viewerId) => {
    const game = await queries.get(request.params.id, viewerId);
    return viewerId ? { ...game, viewerPlace: await place.of(game.id, viewerId) } : game;
  });

  const routes = userRouteSet(app, 'games', signedIn);
  const admin = userRouteSet(app, 'admin', signedIn);
  routes.post('/api/v1/games', GamesApi.create, (request, { userId }) => commands.create(userId, request.body));
  routes.put('/api/v1/games/:id', GamesApi.update, (request, { userId }) => commands.update(userId, request.params.id, request.body));
  // The same cancel under two paths: the organiser's (where an admin may act too) and the admin tree.
  routes.delete('/api/v1/games/:id', GamesApi.cancel, (request, caller) => commands.cancel(actorOf(caller), request.params.id, auditActor(request)));
  admin.delete('/api/v1/admin/games/:id', GamesApi.adminCancel, (request, caller) => commands.cancel(actorOf(caller), request.params.id, auditActor(request)));
  routes.post('/api/v1/games/:id/confirm', GamesApi.confirm, (request, caller) => commands.confirm(actorOf(caller), request.params.id));
  routes.delete('/api/v1/games/:id/hard', GamesApi.hardDelete, (request, caller) =>
    commands.hardDelete(actorOf(caller), request.params.id, auditActor(request)),
  );

  // The body is optional: a join without one is a player alone, as before guests existed.
  const aloneWithoutBody = async (request: FastifyRequest) => {
    request.body ??= {};
  };
  routes.post('/api/v1/games/:id/participants', { ...GamesApi.join, preValidation: aloneWithoutBody }, (request, { userId }) =>
    participation.join(userId, request.params.id, request.body),
  );
  routes.get('/api/v1/games/:id/participants', { ...GamesApi.participants, offlineCopy: true }, (request, { userId }) =>
    queries.participants(request.params.id, userId),
  );
  routes.delete('/api/v1/games/:id/participants/me', GamesApi.leave, (request, { userId }) => participation.leave(userId, request.params.id));
  routes.delete('/api/v1/games/:id/participants/:userId', GamesApi.removePlayer, (request, caller) =>
    participation.removeParticipant(actorOf(caller), request.params.id, request.params.userId, auditActor(request)),
  );

  routes.get('/api/v1/games/:id/co-hosts', GamesApi.coHosts, (request, { userId }) => coHosts.list(request.params.id, userId));
  routes.post('/api/v1/games/:id/co-hosts', GamesApi.addCoHost, (request, { userId }) =>
    coHosts.add(userId, request.params.id, request.body.userId, auditActor(request)),
  );
  routes.delete('/api/v1/games/:id/co-hosts/:userId', GamesApi.removeCoHost, (request, { userId }) =>
    coHosts.remove(userId, request.params.id, request.params.userId, auditActor(request)),
  );

  const me = userRouteSet(app, 'me', signedIn);
  me.get('/api/v1/me/games/joined', { ...GamesApi.joined, offlineCopy: true }, (request, { userId }) => queries.joined(userId, request.query));
  me.get('/api/v1/me/games/hosted', { ...GamesApi.hosted, offlineCopy: true }, (request, { userId }) => queries.hosted(userId, request.query));
}
