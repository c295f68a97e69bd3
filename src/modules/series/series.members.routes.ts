import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import { auditActor } from '../audit/index.ts';
import type { SeriesMembers } from './series.members.ts';
import { SeriesApi } from './series.api.ts';

/** Regulars and co-hosts of a series. */
export function seriesMemberRoutes(app: TypedApp, members: SeriesMembers) {
  const routes = userRouteSet(app, 'series', signedIn);

  routes.get('/api/v1/series/:id/regulars', SeriesApi.regulars, (request, { userId }) => members.regulars(request.params.id, userId));
  routes.get('/api/v1/series/:id/co-hosts', SeriesApi.coHosts, (request, { userId }) => members.coHosts(request.params.id, userId));
  routes.post('/api/v1/series/:id/regulars', SeriesApi.addRegular, (request, { userId }) => members.addRegular(userId, request.params.id, request.body.userId));
  routes.delete('/api/v1/series/:id/regulars/:userId', SeriesApi.removeRegular, (request, { userId }) =>
    members.removeRegular(userId, request.params.id, request.params.userId, auditActor(request)),
  );
  routes.post('/api/v1/series/:id/co-hosts', SeriesApi.addCoHost, (request, { userId }) =>
    members.addCoHost(userId, request.params.id, request.body.userId, auditActor(request)),
  );
  routes.delete('/api/v1/series/:id/co-hosts/:userId', SeriesApi.removeCoHost, (request, { userId }) =>
    members.removeCoHost(userId, request.params.id, request.params.userId, auditActor(request)),
  );
}
