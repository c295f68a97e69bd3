import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { userRoute } from '../../platform/http/openapi.ts';
import { NoContent, created, noContent } from '../../platform/http/replies.ts';
import { OffsetPage, OffsetQuery } from '../../platform/http/pagination.ts';
import { signedIn } from '../access/index.ts';
import type { SeriesChanges } from './series.changes.ts';
import type { SeriesMembers } from './series.members.ts';
import { seriesMemberRoutes } from './series.members.routes.ts';
import { CreateSeriesBody, EditOccurrenceBody, EditResult, Occurrence, OccurrenceParams, SeriesIdParams, SeriesSchema } from './series.schemas.ts';
import type { SeriesService } from './series.service.ts';

export interface SeriesRoutesOptions {
  series: SeriesService;
  changes: SeriesChanges;
  members: SeriesMembers;
}

export async function seriesRoutes(app: TypedApp, { series, changes, members }: SeriesRoutesOptions) {
  seriesMemberRoutes(app, members);

  app.post(
    '/api/v1/series',
    { schema: userRoute('series', 'Host a recurring series of games', { body: CreateSeriesBody, response: { 201: Envelope(SeriesSchema) } }) },
    async (request, reply) => created(reply, envelope(request, await series.create(signedIn(request).userId, request.body), 'Series created')),
  );

  app.get(
    '/api/v1/series',
    {
      schema: userRoute('series', 'The series you run, co-host or play in as a regular, newest first', {
        querystring: OffsetQuery,
        response: { 200: Envelope(OffsetPage(SeriesSchema)) },
      }),
    },
    async (request) => envelope(request, await series.page(signedIn(request).userId, request.query), 'Series'),
  );

  app.get(
    '/api/v1/series/:id',
    { schema: userRoute('series', 'One series', { params: SeriesIdParams, response: { 200: Envelope(SeriesSchema) } }) },
    async (request) => envelope(request, await series.get(request.params.id, signedIn(request).userId), 'Series'),
  );

  app.delete(
    '/api/v1/series/:id',
    { schema: userRoute('series', 'End a series (organiser): its games still to come are cancelled', { params: SeriesIdParams, response: NoContent }) },
    async (request, reply) => noContent(reply, changes.end(signedIn(request).userId, request.params.id)),
  );

  app.get(
    '/api/v1/series/:id/occurrences',
    {
      schema: userRoute('series', 'Every date of the series in order, with its game once opened', {
        params: SeriesIdParams,
        querystring: OffsetQuery,
        response: { 200: Envelope(OffsetPage(Occurrence)) },
      }),
    },
    async (request) => envelope(request, await series.occurrences(request.params.id, signedIn(request).userId, request.query), 'Occurrences'),
  );

  app.put(
    '/api/v1/series/:id/occurrences/:date',
    {
      schema: userRoute('series', 'Change this game, or this and the following ones (organiser or co-host)', {
        params: OccurrenceParams,
        body: EditOccurrenceBody,
        response: { 200: Envelope(EditResult) },
      }),
    },
    async (request) => envelope(request, await changes.edit(signedIn(request).userId, request.params.id, request.params.date, request.body), 'Series updated'),
  );

  app.delete(
    '/api/v1/series/:id/occurrences/:date',
    { schema: userRoute('series', 'Cancel one date of the series (organiser)', { params: OccurrenceParams, response: NoContent }) },
    async (request, reply) => noContent(reply, changes.cancelOccurrence(signedIn(request).userId, request.params.id, request.params.date)),
  );

  app.post(
    '/api/v1/series/:id/occurrences/:date/skip',
    { schema: userRoute('series', 'Sit one date out (a regular)', { params: OccurrenceParams, response: NoContent }) },
    async (request, reply) => noContent(reply, members.skip(signedIn(request).userId, request.params.id, request.params.date)),
  );
}
