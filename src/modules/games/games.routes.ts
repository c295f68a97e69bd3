import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Type } from 'typebox';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { taggedEnvelope } from '../../platform/http/conditional.ts';
import { USER_SECURITY } from '../../platform/http/openapi.ts';
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
  const NoContent = { 204: Type.Null() };

  app.get(
    '/api/v1/games',
    {
      schema: {
        tags: ['games'],
        summary: 'Visible games by start time (cursor-paged)',
        querystring: GamesQuery,
        response: { 200: Envelope(CursorPage(GameSchema)), 304: Type.Null() },
      },
    },
    async (request, reply) => {
      const page = await queries.list(request.query, viewerOf(request));
      return taggedEnvelope(request, reply, page, 'Games', queries.etagOf(page));
    },
  );

  app.get(
    '/api/v1/games/filter-options',
    {
      schema: {
        tags: ['games'],
        summary: 'Venues, levels, start times and game types present under the filters',
        querystring: GameFilterQuery,
        response: { 200: Envelope(FilterOptions), 304: Type.Null() },
      },
    },
    async (request, reply) => {
      const options = await queries.filterOptions(request.query, viewerOf(request));
      return taggedEnvelope(request, reply, options, 'Filter options', queries.etagOf(options));
    },
  );

  app.get(
    '/api/v1/games/:id',
    {
      schema: { tags: ['games'], summary: 'One game', params: GameIdParams, response: { 200: Envelope(GameSchema), 304: Type.Null() } },
    },
    async (request, reply) => {
      const game = await queries.get(request.params.id, viewerOf(request));
      return taggedEnvelope(request, reply, game, 'Game', queries.etagOf(game));
    },
  );

  app.post(
    '/api/v1/games',
    {
      schema: { tags: ['games'], security: USER_SECURITY, summary: 'Host a game', body: CreateGameBody, response: { 201: Envelope(GameSchema) } },
    },
    async (request, reply) => {
      reply.code(201);
      return envelope(request, await commands.create(signedIn(request).userId, request.body), 'Game created');
    },
  );

  app.put(
    '/api/v1/games/:id',
    {
      schema: {
        tags: ['games'],
        security: USER_SECURITY,
        summary: 'Change a game (organiser or co-host; fields present replace)',
        params: GameIdParams,
        body: UpdateGameBody,
        response: { 200: Envelope(GameSchema) },
      },
    },
    async (request) => envelope(request, await commands.update(signedIn(request).userId, request.params.id, request.body), 'Game updated'),
  );

  // The same cancel under two paths: the organiser's (where an admin may act too) and the admin tree.
  const cancelRoutes = [
    { url: '/api/v1/games/:id', tags: ['games'], summary: 'Cancel a game (organiser or admin)' },
    { url: '/api/v1/admin/games/:id', tags: ['admin'], summary: 'Cancel any game' },
  ];
  for (const { url, tags, summary } of cancelRoutes) {
    app.delete(url, { schema: { tags, security: USER_SECURITY, summary, params: GameIdParams, response: NoContent } }, async (request, reply) => {
      await commands.cancel(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    });
  }

  app.post(
    '/api/v1/games/:id/confirm',
    {
      schema: {
        tags: ['games'],
        security: USER_SECURITY,
        summary: 'Game on: confirm the game now, whatever its quorum (organiser or co-host)',
        params: GameIdParams,
        response: { 200: Envelope(GameSchema) },
      },
    },
    async (request) => envelope(request, await commands.confirm(actorOf(request), request.params.id), 'Game confirmed'),
  );

  app.delete(
    '/api/v1/games/:id/hard',
    {
      schema: {
        tags: ['games'],
        security: USER_SECURITY,
        summary: 'Remove a game and everything attached (organiser or admin)',
        params: GameIdParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await commands.hardDelete(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/games/:id/participants',
    {
      schema: {
        tags: ['games'],
        security: USER_SECURITY,
        summary: 'Join a game (its waitlist when full)',
        params: GameIdParams,
        response: { 201: Envelope(Participation) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return envelope(request, await participation.join(signedIn(request).userId, request.params.id), 'Joined');
    },
  );

  app.get(
    '/api/v1/games/:id/participants',
    {
      schema: {
        tags: ['games'],
        security: USER_SECURITY,
        summary: 'Players of a visible game, in joining order',
        params: GameIdParams,
        response: { 200: Envelope(Type.Array(Participant)) },
      },
    },
    async (request) => envelope(request, await queries.participants(request.params.id, signedIn(request).userId), 'Participants'),
  );

  app.delete(
    '/api/v1/games/:id/participants/me',
    {
      schema: {
        tags: ['games'],
        security: USER_SECURITY,
        summary: 'Leave a game (a place: not within 24 h of its start; the waitlist: any time)',
        params: GameIdParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await participation.leave(signedIn(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/v1/games/:id/participants/:userId',
    {
      schema: { tags: ['games'], security: USER_SECURITY, summary: 'Remove a player (organiser or co-host)', params: ParticipantParams, response: NoContent },
    },
    async (request, reply) => {
      await participation.removeParticipant(actorOf(request), request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/games/:id/co-hosts',
    {
      schema: {
        tags: ['games'],
        security: USER_SECURITY,
        summary: 'Co-hosts of a visible game, in the order they were added',
        params: GameIdParams,
        response: { 200: Envelope(Type.Array(CoHost)) },
      },
    },
    async (request) => envelope(request, await coHosts.list(request.params.id, signedIn(request).userId), 'Co-hosts'),
  );

  app.post(
    '/api/v1/games/:id/co-hosts',
    {
      schema: {
        tags: ['games'],
        security: USER_SECURITY,
        summary: 'Add a co-host (organiser; at most 5)',
        params: GameIdParams,
        body: AddCoHostBody,
        response: { 201: Envelope(CoHost) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return envelope(request, await coHosts.add(signedIn(request).userId, request.params.id, request.body.userId), 'Co-host added');
    },
  );

  app.delete(
    '/api/v1/games/:id/co-hosts/:userId',
    {
      schema: { tags: ['games'], security: USER_SECURITY, summary: 'Remove a co-host (organiser)', params: ParticipantParams, response: NoContent },
    },
    async (request, reply) => {
      await coHosts.remove(signedIn(request).userId, request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/me/games/joined',
    {
      schema: {
        tags: ['me'],
        security: USER_SECURITY,
        summary: 'Games the caller plays in or waits for',
        querystring: MyGamesQuery,
        response: { 200: Envelope(CursorPage(GameSchema)) },
      },
    },
    async (request) => envelope(request, await queries.joined(signedIn(request).userId, request.query), 'Joined games'),
  );

  app.get(
    '/api/v1/me/games/hosted',
    {
      schema: {
        tags: ['me'],
        security: USER_SECURITY,
        summary: 'Games the caller organises',
        querystring: MyGamesQuery,
        response: { 200: Envelope(CursorPage(GameSchema)) },
      },
    },
    async (request) => envelope(request, await queries.hosted(signedIn(request).userId, request.query), 'Hosted games'),
  );
}
