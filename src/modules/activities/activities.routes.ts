import { presentPage } from '../../platform/http/pagination.ts';
import { openRouteSet, userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { presentActivity } from './activities.presenter.ts';
import { ActivitiesApi } from './activities.api.ts';
import type { ActivitiesService } from './activities.service.ts';
import { auditActor } from '../audit/index.ts';

export async function activitiesRoutes(app: TypedApp, { activities }: { activities: ActivitiesService }) {
  const routes = openRouteSet(app, 'activities');
  routes.get('/api/v1/activities', ActivitiesApi.list, async (request) => presentPage(await activities.page(request.query), presentActivity, request.query));
  routes.get('/api/v1/activities/:id', ActivitiesApi.one, async (request) => presentActivity(await activities.get(request.params.id)));

  const admin = userRouteSet(app, 'admin');
  admin.post('/api/v1/admin/activities', ActivitiesApi.create, async (request) => presentActivity(await activities.create(request.body, auditActor(request))));
  admin.put('/api/v1/admin/activities/:id', ActivitiesApi.rename, async (request) =>
    presentActivity(await activities.rename(request.params.id, request.body.name, auditActor(request))),
  );
  admin.delete('/api/v1/admin/activities/:id', ActivitiesApi.remove, (request) => activities.delete(request.params.id, auditActor(request)));
  admin.put('/api/v1/admin/activities/:id/skill-levels', ActivitiesApi.replaceLadder, async (request) =>
    presentActivity(await activities.replaceLadder(request.params.id, request.body.skillLevels, auditActor(request))),
  );
}
