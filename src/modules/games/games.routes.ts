import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Type } from 'typebox';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { openRoute, userRoute } from '../../platform/http/openapi.ts';
import { NoContent, created, noContent } from '../../platform/http/replies.ts';
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
import { signedIn } from '../access/index.ts';
import { joinRequestRoutes } from './games.join-requests.routes.ts';

export interface GamesRoutesOptions {
  queries: GameQueries;
  commands: GameCommands;
  participation: GameParticipation;
  coHosts: GameCoHosts;
  requests: GameJoinRequests;
}

const viewerOf = (request: FastifyRequest) => request.principal?.userId ?? null;
const actorOf = (request: FastifyRequest) => {
  const { userId, roles } = signedIn(request);
  return { userId, roles };
};

export async function gamesRoutes(app: TypedApp, { queries, commands, participation, coHosts, requests }: GamesRoutesOptions) {
  joinRequestRoutes(app, requests);

  app.get(
    '/api/v1/games',
    {
      schema: openRoute('games', 'Visible games by start time (cursor-paged)', {
        querystring: GamesQuery,
        response: { 200: Envelope(CursorPage(GameSchema)) },
      }),
    },
    async (request) => envelope(request, await queries.list(request.query, viewerOf(request)), 'Games'),
  );

  app.get(
    '/api/v1/games/filter-options',
    {
      schema: openRoute('games', 'Venues, levels, start times and game types present under the filters', {
        querystring: GameFilterQuery,
        response: { 200: Envelope(FilterOptions) },
      }),
    },
    async (request) => envelope(request, await queries.filterOptions(request.query, viewerOf(request)), 'Filter options'),
  );

  app.get('/api/v1/games/:id', { schema: openRoute('games', 'One game', { params: GameIdParams, response: { 200: Envelope(GameSchema) } }) }, async (request) =>
    envelope(request, await queries.get(request.params.id, viewerOf(request)), 'Game'),
  );

  app.post(
    '/api/v1/games',
    { schema: userRoute('games', 'Host a game', { body: CreateGameBody, response: { 201: Envelope(GameSchema) } }) },
    async (request, reply) => created(reply, envelope(request, await commands.create(signedIn(request).userId, request.body), 'Game created')),
  );

  app.put(
    '/api/v1/games/:id',
    {
      schema: userRoute('games', 'Change a game (organiser or co-host; fields present replace)', {
        params: GameIdParams,
        body: UpdateGameBody,
        response: { 200: Envelope(GameSchema) },
      }),
    },
    async (request) => envelope(request, await commands.update(signedIn(request).userId, request.params.id, request.body), 'Game updated'),
  );

  // The same cancel under two paths: the organiser's (where an admin may act too) and the admin tree.
  const cancelRoutes = [
    { url: '/api/v1/games/:id', tag: 'games', summary: 'Cancel a game (organiser or admin)' },
    { url: '/api/v1/admin/games/:id', tag: 'admin', summary: 'Cancel any game' },
  ];
  for (const { url, tag, summary } of cancelRoutes) {
    app.delete(url, { schema: userRoute(tag, summary, { params: GameIdParams, response: NoContent }) }, async (request, reply) =>
      noContent(reply, commands.cancel(actorOf(request), request.params.id)),
    );
  }

  app.post(
    '/api/v1/games/:id/confirm',
    {
      schema: userRoute('games', 'Game on: confirm the game now, whatever its quorum (organiser or co-host)', {
        params: GameIdParams,
        response: { 200: Envelope(GameSchema) },
      }),
    },
    async (request) => envelope(request, await commands.confirm(actorOf(request), request.params.id), 'Game confirmed'),
  );

  app.delete(
    '/api/v1/games/:id/hard',
    { schema: userRoute('games', 'Remove a game and everything attached (organiser or admin)', { params: GameIdParams, response: NoContent }) },
    async (request, reply) => noContent(reply, commands.hardDelete(actorOf(request), request.params.id)),
  );

  app.post(
    '/api/v1/games/:id/participants',
    { schema: userRoute('games', 'Join a game (its waitlist when full)', { params: GameIdParams, response: { 201: Envelope(Participation) } }) },
    async (request, reply) => created(reply, envelope(request, await participation.join(signedIn(request).userId, request.params.id), 'Joined')),
  );

  app.get(
    '/api/v1/games/:id/participants',
    {
      schema: userRoute('games', 'Players of a visible game, in joining order', { params: GameIdParams, response: { 200: Envelope(Type.Array(Participant)) } }),
    },
    async (request) => envelope(request, await queries.participants(request.params.id, signedIn(request).userId), 'Participants'),
  );

  app.delete(
    '/api/v1/games/:id/participants/me',
    {
      schema: userRoute('games', 'Leave a game (a place: not within 24 h of its start; the waitlist: any time)', { params: GameIdParams, response: NoContent }),
    },
    async (request, reply) => noContent(reply, participation.leave(signedIn(request).userId, request.params.id)),
  );

  app.delete(
    '/api/v1/games/:id/participants/:userId',
    { schema: userRoute('games', 'Remove a player (organiser or co-host)', { params: ParticipantParams, response: NoContent }) },
    async (request, reply) => noContent(reply, participation.removeParticipant(actorOf(request), request.params.id, request.params.userId)),
  );

  app.get(
    '/api/v1/games/:id/co-hosts',
    {
      schema: userRoute('games', 'Co-hosts of a visible game, in the order they were added', {
        params: GameIdParams,
        response: { 200: Envelope(Type.Array(CoHost)) },
      }),
    },
    async (request) => envelope(request, await coHosts.list(request.params.id, signedIn(request).userId), 'Co-hosts'),
  );

  app.post(
    '/api/v1/games/:id/co-hosts',
    { schema: userRoute('games', 'Add a co-host (organiser; at most 5)', { params: GameIdParams, body: AddCoHostBody, response: { 201: Envelope(CoHost) } }) },
    async (request, reply) =>
      created(reply, envelope(request, await coHosts.add(signedIn(request).userId, request.params.id, request.body.userId), 'Co-host added')),
  );

  app.delete(
    '/api/v1/games/:id/co-hosts/:userId',
    { schema: userRoute('games', 'Remove a co-host (organiser)', { params: ParticipantParams, response: NoContent }) },
    async (request, reply) => noContent(reply, coHosts.remove(signedIn(request).userId, request.params.id, request.params.userId)),
  );

  app.get(
    '/api/v1/me/games/joined',
    { schema: userRoute('me', 'Games the caller plays in or waits for', { querystring: MyGamesQuery, response: { 200: Envelope(CursorPage(GameSchema)) } }) },
    async (request) => envelope(request, await queries.joined(signedIn(request).userId, request.query), 'Joined games'),
  );

  app.get(
    '/api/v1/me/games/hosted',
    { schema: userRoute('me', 'Games the caller organises', { querystring: MyGamesQuery, response: { 200: Envelope(CursorPage(GameSchema)) } }) },
    async (request) => envelope(request, await queries.hosted(signedIn(request).userId, request.query), 'Hosted games'),
  );
}
