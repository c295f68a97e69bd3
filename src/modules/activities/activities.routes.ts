import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Type } from 'typebox';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { USER_SECURITY } from '../../platform/http/openapi.ts';
import { OffsetPage, OffsetQuery, offsetPage } from '../../platform/http/pagination.ts';
import { presentActivity } from './activities.presenter.ts';
import { Activity, ActivityIdParams, CreateActivityBody, LadderBody, UpdateActivityBody } from './activities.schemas.ts';
import type { ActivitiesService } from './activities.service.ts';

export async function activitiesRoutes(app: TypedApp, { activities }: { activities: ActivitiesService }) {
  app.get(
    '/api/v1/activities',
    {
      schema: {
        tags: ['activities'],
        summary: 'Activities by name, with their skill-level ladders',
        querystring: OffsetQuery,
        response: { 200: Envelope(OffsetPage(Activity)) },
      },
    },
    async (request) => {
      const { items, total } = await activities.page(request.query);
      return envelope(request, offsetPage(items.map(presentActivity), total, request.query), 'Activities');
    },
  );

  app.get(
    '/api/v1/activities/:id',
    {
      schema: { tags: ['activities'], summary: 'One activity', params: ActivityIdParams, response: { 200: Envelope(Activity) } },
    },
    async (request) => envelope(request, presentActivity(await activities.get(request.params.id)), 'Activity'),
  );

  app.post(
    '/api/v1/admin/activities',
    {
      schema: { tags: ['admin'], security: USER_SECURITY, summary: 'Create an activity', body: CreateActivityBody, response: { 201: Envelope(Activity) } },
    },
    async (request, reply) => {
      reply.code(201);
      return envelope(request, presentActivity(await activities.create(request.body)), 'Activity created');
    },
  );

  app.put(
    '/api/v1/admin/activities/:id',
    {
      schema: {
        tags: ['admin'],
        security: USER_SECURITY,
        summary: 'Rename an activity',
        params: ActivityIdParams,
        body: UpdateActivityBody,
        response: { 200: Envelope(Activity) },
      },
    },
    async (request) => envelope(request, presentActivity(await activities.rename(request.params.id, request.body.name)), 'Activity updated'),
  );

  app.delete(
    '/api/v1/admin/activities/:id',
    {
      schema: {
        tags: ['admin'],
        security: USER_SECURITY,
        summary: 'Delete an activity no venue or game uses',
        params: ActivityIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await activities.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/v1/admin/activities/:id/skill-levels',
    {
      schema: {
        tags: ['admin'],
        security: USER_SECURITY,
        summary: "Replace an activity's skill-level ladder (levels keep their ids when their name matches)",
        params: ActivityIdParams,
        body: LadderBody,
        response: { 200: Envelope(Activity) },
      },
    },
    async (request) => envelope(request, presentActivity(await activities.replaceLadder(request.params.id, request.body.skillLevels)), 'Skill levels replaced'),
  );
}
