import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { openRoute, userRoute } from '../../platform/http/openapi.ts';
import { NoContent, created, noContent } from '../../platform/http/replies.ts';
import { OffsetPage, OffsetQuery, presentPage } from '../../platform/http/pagination.ts';
import { presentActivity } from './activities.presenter.ts';
import { Activity, ActivityIdParams, CreateActivityBody, LadderBody, UpdateActivityBody } from './activities.schemas.ts';
import type { ActivitiesService } from './activities.service.ts';

export async function activitiesRoutes(app: TypedApp, { activities }: { activities: ActivitiesService }) {
  app.get(
    '/api/v1/activities',
    {
      schema: openRoute('activities', 'Activities by name, with their skill-level ladders', {
        querystring: OffsetQuery,
        response: { 200: Envelope(OffsetPage(Activity)) },
      }),
    },
    async (request) => envelope(request, presentPage(await activities.page(request.query), presentActivity, request.query), 'Activities'),
  );

  app.get(
    '/api/v1/activities/:id',
    { schema: openRoute('activities', 'One activity', { params: ActivityIdParams, response: { 200: Envelope(Activity) } }) },
    async (request) => envelope(request, presentActivity(await activities.get(request.params.id)), 'Activity'),
  );

  app.post(
    '/api/v1/admin/activities',
    { schema: userRoute('admin', 'Create an activity', { body: CreateActivityBody, response: { 201: Envelope(Activity) } }) },
    async (request, reply) => created(reply, envelope(request, presentActivity(await activities.create(request.body)), 'Activity created')),
  );

  app.put(
    '/api/v1/admin/activities/:id',
    { schema: userRoute('admin', 'Rename an activity', { params: ActivityIdParams, body: UpdateActivityBody, response: { 200: Envelope(Activity) } }) },
    async (request) => envelope(request, presentActivity(await activities.rename(request.params.id, request.body.name)), 'Activity updated'),
  );

  app.delete(
    '/api/v1/admin/activities/:id',
    { schema: userRoute('admin', 'Delete an activity no venue or game uses', { params: ActivityIdParams, response: NoContent }) },
    async (request, reply) => noContent(reply, activities.delete(request.params.id)),
  );

  app.put(
    '/api/v1/admin/activities/:id/skill-levels',
    {
      schema: userRoute('admin', "Replace an activity's skill-level ladder (levels keep their ids when their name matches)", {
        params: ActivityIdParams,
        body: LadderBody,
        response: { 200: Envelope(Activity) },
      }),
    },
    async (request) => envelope(request, presentActivity(await activities.replaceLadder(request.params.id, request.body.skillLevels)), 'Skill levels replaced'),
  );
}
