import type { FastifyReply, FastifyRequest } from 'fastify';
import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import { notModified } from './calendars.presenter.ts';
import { CalendarsApi } from './calendars.api.ts';
import { FeedParams, GameIcsParams } from './calendars.schemas.ts';
import type { CalendarsService, Rendered } from './calendars.service.ts';

export { CALENDAR_TOKEN_PATHS } from './calendar-token.ts';

/** Sends the file, or 304 when the caller's copy is current. */
function sendCalendar(request: FastifyRequest, reply: FastifyReply, rendered: Rendered, cache: string) {
  reply.header('etag', rendered.etag).header('cache-control', cache);
  if (notModified(request.headers['if-none-match'], rendered.etag)) return reply.code(304).send();
  return reply.type('text/calendar; charset=utf-8').send(rendered.body);
}

export async function calendarsRoutes(app: TypedApp, { calendars }: { calendars: CalendarsService }) {
  app.get(
    '/api/v1/games/:id.ics',
    {
      schema: { tags: ['calendars'], summary: 'The game as an iCalendar file (whoever may see the game)', params: GameIcsParams, produces: ['text/calendar'] },
    },
    async (request, reply) => sendCalendar(request, reply, await calendars.game(request.params.id, request.principal?.userId ?? null), 'private, no-cache'),
  );

  app.get(
    '/api/v1/calendar/:token.ics',
    {
      schema: {
        tags: ['calendars'],
        summary: 'Your games (hosted and joined) as a calendar subscription; the URL is the secret',
        params: FeedParams,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => sendCalendar(request, reply, await calendars.feed(request.params.token), 'private, no-cache'),
  );

  const routes = userRouteSet(app, 'calendars', signedIn);
  routes.post('/api/v1/me/calendar', CalendarsApi.rotate, (_request, { userId }) => calendars.rotate(userId));
  routes.delete('/api/v1/me/calendar', CalendarsApi.revoke, (_request, { userId }) => calendars.revoke(userId));
}
