import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Type } from 'typebox';
import { openRouteSet, userRouteSet } from '../../platform/http/route-set.ts';
import { CursorPage } from '../../platform/http/pagination.ts';
import {
  AddCoHostBody,
  CoHost,
  CreateGameBody,
  FilterOptions,
  GameFilterQuery,
  GameIdParams,
  GameSchema,
  GamesQuery,
  JoinBody,
  MyGamesQuery,
  Participant,
  ParticipantParams,
  Participation,
  UpdateGameBody,
} from './games.schemas.ts';
import type { GameCoHosts } from './games.co-hosts.ts';
import type { GameCommands } from './games.commands.ts';
import type { GameJoinRequests } from './games.join-requests.ts';
import type { GameParticipation } from './games.participation.ts';
import type { GameQueries } from './games.queries.ts';
import { signedIn, type Principal } from '../access/index.ts';
import { joinRequestRoutes } from './games.join-requests.routes.ts';
import { partyRoutes } from './games.party.routes.ts';

export interface GamesRoutesOptions {
  queries: GameQueries;
  commands: GameCommands;
  participation: GameParticipation;
  coHosts: GameCoHosts;
  requests: GameJoinRequests;
}

const viewerOf = (request: FastifyRequest) => request.principal?.userId ?? null;
/** What the rules of a game's hosts and admins need of the caller. */
const actorOf = ({ userId, roles }: Principal) => ({ userId, roles });

export async function gamesRoutes(app: TypedApp, { queries, commands, participation, coHosts, requests }: GamesRoutesOptions) {
  joinRequestRoutes(app, requests);
  partyRoutes(app, participation);

  const listings = openRouteSet(app, 'games', viewerOf);
  const etagOf = queries.etagOf.bind(queries);

  listings.get(
    '/api/v1/games',
    { summary: 'Visible games by start time (cursor-paged)', querystring: GamesQuery, data: CursorPage(GameSchema), message: 'Games', etagOf },
    (request, viewerId) => queries.list(request.query, viewerId),
  );

  listings.get(
    '/api/v1/games/filter-options',
    {
      summary: 'Venues, levels, start times and game types present under the filters',
      querystring: GameFilterQuery,
      data: FilterOptions,
      message: 'Filter options',
      etagOf,
    },
    (request, viewerId) => queries.filterOptions(request.query, viewerId),
  );

  listings.get('/api/v1/games/:id', { summary: 'One game', params: GameIdParams, data: GameSchema, message: 'Game', etagOf }, (request, viewerId) =>
    queries.get(request.params.id, viewerId),
  );

  const routes = userRouteSet(app, 'games', signedIn);
  const me = userRouteSet(app, 'me', signedIn);

  routes.post(
    '/api/v1/games',
    { summary: 'Host a game', body: CreateGameBody, data: GameSchema, status: 201, message: 'Game created' },
    (request, { userId }) => commands.create(userId, request.body),
  );

  routes.put(
    '/api/v1/games/:id',
    {
      summary: 'Change a game (organiser or co-host; fields present replace)',
      params: GameIdParams,
      body: UpdateGameBody,
      data: GameSchema,
      message: 'Game updated',
    },
    (request, { userId }) => commands.update(userId, request.params.id, request.body),
  );

  // The same cancel under two paths: the organiser's (where an admin may act too) and the admin tree.
  const cancels = [
    { routes, url: '/api/v1/games/:id', summary: 'Cancel a game (organiser or admin)' },
    { routes: userRouteSet(app, 'admin', signedIn), url: '/api/v1/admin/games/:id', summary: 'Cancel any game' },
  ];
  for (const { routes, url, summary } of cancels) {
    routes.delete(url, { summary, params: GameIdParams }, (request, caller) => commands.cancel(actorOf(caller), request.params.id));
  }

  routes.post(
    '/api/v1/games/:id/confirm',
    {
      summary: 'Game on: confirm the game now, whatever its quorum (organiser or co-host)',
      params: GameIdParams,
      data: GameSchema,
      message: 'Game confirmed',
    },
    (request, caller) => commands.confirm(actorOf(caller), request.params.id),
  );

  routes.delete('/api/v1/games/:id/hard', { summary: 'Remove a game and everything attached (organiser or admin)', params: GameIdParams }, (request, caller) =>
    commands.hardDelete(actorOf(caller), request.params.id),
  );

  routes.post(
    '/api/v1/games/:id/participants',
    {
      summary: 'Join a game, with guests if it allows them (its waitlist when your party does not fit)',
      params: GameIdParams,
      body: JoinBody,
      data: Participation,
      status: 201,
      message: 'Joined',
      // The body is optional: a join without one is a player alone, as before guests existed.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    (request, { userId }) => participation.join(userId, request.params.id, request.body),
  );

  routes.get(
    '/api/v1/games/:id/participants',
    { summary: 'Players of a visible game, in joining order', params: GameIdParams, data: Type.Array(Participant), message: 'Participants' },
    (request, { userId }) => queries.participants(request.params.id, userId),
  );

  routes.delete(
    '/api/v1/games/:id/participants/me',
    { summary: 'Leave a game (a place: not within 24 h of its start; the waitlist: any time)', params: GameIdParams },
    (request, { userId }) => participation.leave(userId, request.params.id),
  );

  routes.delete('/api/v1/games/:id/participants/:userId', { summary: 'Remove a player (organiser or co-host)', params: ParticipantParams }, (request, caller) =>
    participation.removeParticipant(actorOf(caller), request.params.id, request.params.userId),
  );

  routes.get(
    '/api/v1/games/:id/co-hosts',
    { summary: 'Co-hosts of a visible game, in the order they were added', params: GameIdParams, data: Type.Array(CoHost), message: 'Co-hosts' },
    (request, { userId }) => coHosts.list(request.params.id, userId),
  );

  routes.post(
    '/api/v1/games/:id/co-hosts',
    { summary: 'Add a co-host (organiser; at most 5)', params: GameIdParams, body: AddCoHostBody, data: CoHost, status: 201, message: 'Co-host added' },
    (request, { userId }) => coHosts.add(userId, request.params.id, request.body.userId),
  );

  routes.delete('/api/v1/games/:id/co-hosts/:userId', { summary: 'Remove a co-host (organiser)', params: ParticipantParams }, (request, { userId }) =>
    coHosts.remove(userId, request.params.id, request.params.userId),
  );

  const mine = [
    { url: '/api/v1/me/games/joined', summary: 'Games the caller plays in or waits for', read: queries.joined.bind(queries), message: 'Joined games' },
    { url: '/api/v1/me/games/hosted', summary: 'Games the caller organises', read: queries.hosted.bind(queries), message: 'Hosted games' },
  ];
  for (const { url, summary, read, message } of mine) {
    me.get(url, { summary, querystring: MyGamesQuery, data: CursorPage(GameSchema), message }, (request, { userId }) => read(userId, request.query));
  }
}
