import { OffsetPage, OffsetQuery, presentPage } from '../../platform/http/pagination.ts';
import { openRouteSet, userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { presentActivity } from './activities.presenter.ts';
import { Activity, ActivityIdParams, CreateActivityBody, LadderBody, UpdateActivityBody } from './activities.schemas.ts';
import type { ActivitiesService } from './activities.service.ts';

export async function activitiesRoutes(app: TypedApp, { activities }: { activities: ActivitiesService }) {
  const routes = openRouteSet(app, 'activities');
  const admin = userRouteSet(app, 'admin');

  routes.get(
    '/api/v1/activities',
    { summary: 'Activities by name, with their skill-level ladders', querystring: OffsetQuery, data: OffsetPage(Activity), message: 'Activities' },
    async (request) => presentPage(await activities.page(request.query), presentActivity, request.query),
  );

  routes.get('/api/v1/activities/:id', { summary: 'One activity', params: ActivityIdParams, data: Activity, message: 'Activity' }, async (request) =>
    presentActivity(await activities.get(request.params.id)),
  );

  admin.post(
    '/api/v1/admin/activities',
    { summary: 'Create an activity', body: CreateActivityBody, data: Activity, status: 201, message: 'Activity created' },
    async (request) => presentActivity(await activities.create(request.body)),
  );

  admin.put(
    '/api/v1/admin/activities/:id',
    { summary: 'Rename an activity', params: ActivityIdParams, body: UpdateActivityBody, data: Activity, message: 'Activity updated' },
    async (request) => presentActivity(await activities.rename(request.params.id, request.body.name)),
  );

  admin.delete('/api/v1/admin/activities/:id', { summary: 'Delete an activity no venue or game uses', params: ActivityIdParams }, (request) =>
    activities.delete(request.params.id),
  );

  admin.put(
    '/api/v1/admin/activities/:id/skill-levels',
    {
      summary: "Replace an activity's skill-level ladder (levels keep their ids when their name matches)",
      params: ActivityIdParams,
      body: LadderBody,
      data: Activity,
      message: 'Skill levels replaced',
    },
    async (request) => presentActivity(await activities.replaceLadder(request.params.id, request.body.skillLevels)),
  );
}
