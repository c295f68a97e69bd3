import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import type { SeriesChanges } from './series.changes.ts';
import type { SeriesMembers } from './series.members.ts';
import type { SeriesMoney } from './series.money.ts';
import { seriesMemberRoutes } from './series.members.routes.ts';
import { SeriesApi } from './series.api.ts';
import type { SeriesService } from './series.service.ts';

export interface SeriesRoutesOptions {
  series: SeriesService;
  changes: SeriesChanges;
  members: SeriesMembers;
  money: SeriesMoney;
}

export async function seriesRoutes(app: TypedApp, { series, changes, members, money }: SeriesRoutesOptions) {
  seriesMemberRoutes(app, members);
  const routes = userRouteSet(app, 'series', signedIn);
  routes.post('/api/v1/series', SeriesApi.create, (request, { userId }) => series.create(userId, request.body));
  routes.get('/api/v1/series', SeriesApi.list, (request, { userId }) => series.page(userId, request.query));
  routes.get('/api/v1/series/:id', SeriesApi.one, (request, { userId }) => series.get(request.params.id, userId));
  routes.delete('/api/v1/series/:id', SeriesApi.end, (request, { userId }) => changes.end(userId, request.params.id));
  routes.get('/api/v1/series/:id/payment-rules', SeriesApi.paymentRules, (request, { userId }) => money.rules(userId, request.params.id));
  routes.put('/api/v1/series/:id/payment-rules', SeriesApi.setPaymentRules, (request, { userId }) => money.setRules(userId, request.params.id, request.body));
  routes.get('/api/v1/series/:id/occurrences', SeriesApi.occurrences, (request, { userId }) => series.occurrences(request.params.id, userId, request.query));
  routes.put('/api/v1/series/:id/occurrences/:date', SeriesApi.edit, (request, { userId }) =>
    changes.edit(userId, request.params.id, request.params.date, request.body),
  );
  routes.delete('/api/v1/series/:id/occurrences/:date', SeriesApi.cancel, (request, { userId }) =>
    changes.cancelOccurrence(userId, request.params.id, request.params.date),
  );
  routes.post('/api/v1/series/:id/occurrences/:date/skip', SeriesApi.skip, (request, { userId }) =>
    members.skip(userId, request.params.id, request.params.date),
  );
}
