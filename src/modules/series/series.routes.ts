import { OffsetPage, OffsetQuery } from '../../platform/http/pagination.ts';
import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
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
  const routes = userRouteSet(app, 'series', signedIn);

  routes.post(
    '/api/v1/series',
    { summary: 'Host a recurring series of games', body: CreateSeriesBody, data: SeriesSchema, status: 201, message: 'Series created' },
    (request, { userId }) => series.create(userId, request.body),
  );

  routes.get(
    '/api/v1/series',
    {
      summary: 'The series you run, co-host or play in as a regular, newest first',
      querystring: OffsetQuery,
      data: OffsetPage(SeriesSchema),
      message: 'Series',
    },
    (request, { userId }) => series.page(userId, request.query),
  );

  routes.get('/api/v1/series/:id', { summary: 'One series', params: SeriesIdParams, data: SeriesSchema, message: 'Series' }, (request, { userId }) =>
    series.get(request.params.id, userId),
  );

  routes.delete(
    '/api/v1/series/:id',
    { summary: 'End a series (organiser): its games still to come are cancelled', params: SeriesIdParams },
    (request, { userId }) => changes.end(userId, request.params.id),
  );

  routes.get(
    '/api/v1/series/:id/occurrences',
    {
      summary: 'Every date of the series in order, with its game once opened',
      params: SeriesIdParams,
      querystring: OffsetQuery,
      data: OffsetPage(Occurrence),
      message: 'Occurrences',
    },
    (request, { userId }) => series.occurrences(request.params.id, userId, request.query),
  );

  routes.put(
    '/api/v1/series/:id/occurrences/:date',
    {
      summary: 'Change this game, or this and the following ones (organiser or co-host)',
      params: OccurrenceParams,
      body: EditOccurrenceBody,
      data: EditResult,
      message: 'Series updated',
    },
    (request, { userId }) => changes.edit(userId, request.params.id, request.params.date, request.body),
  );

  routes.delete(
    '/api/v1/series/:id/occurrences/:date',
    { summary: 'Cancel one date of the series (organiser)', params: OccurrenceParams },
    (request, { userId }) => changes.cancelOccurrence(userId, request.params.id, request.params.date),
  );

  routes.post('/api/v1/series/:id/occurrences/:date/skip', { summary: 'Sit one date out (a regular)', params: OccurrenceParams }, (request, { userId }) =>
    members.skip(userId, request.params.id, request.params.date),
  );
}
