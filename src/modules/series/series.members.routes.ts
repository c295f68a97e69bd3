import { Type } from 'typebox';
import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import type { SeriesMembers } from './series.members.ts';
import { Member, MemberBody, MemberParams, SeriesIdParams } from './series.schemas.ts';

/** Regulars and co-hosts of a series. */
export function seriesMemberRoutes(app: TypedApp, members: SeriesMembers) {
  const routes = userRouteSet(app, 'series', signedIn);

  const lists = [
    { url: '/api/v1/series/:id/regulars', summary: 'The regulars, in the order they joined each new game', read: members.regulars.bind(members) },
    { url: '/api/v1/series/:id/co-hosts', summary: 'The co-hosts of the series', read: members.coHosts.bind(members) },
  ];
  for (const { url, summary, read } of lists) {
    routes.get(url, { summary, params: SeriesIdParams, data: Type.Array(Member), message: 'Members' }, (request, { userId }) =>
      read(request.params.id, userId),
    );
  }

  const changes = [
    {
      path: 'regulars',
      add: { summary: 'Add a regular (organiser or co-host), or opt in yourself', run: members.addRegular.bind(members), message: 'Regular added' },
      remove: { summary: 'Leave the series (yourself), or remove a regular (organiser or co-host)', run: members.removeRegular.bind(members) },
    },
    {
      path: 'co-hosts',
      add: { summary: 'Add a co-host to the series (organiser; at most 5)', run: members.addCoHost.bind(members), message: 'Co-host added' },
      remove: { summary: 'Remove a co-host from the series (organiser)', run: members.removeCoHost.bind(members) },
    },
  ];
  for (const { path, add, remove } of changes) {
    routes.post(
      `/api/v1/series/:id/${path}`,
      { summary: add.summary, params: SeriesIdParams, body: MemberBody, data: Member, status: 201, message: add.message },
      (request, { userId }) => add.run(userId, request.params.id, request.body.userId),
    );
    routes.delete(`/api/v1/series/:id/${path}/:userId`, { summary: remove.summary, params: MemberParams }, (request, { userId }) =>
      remove.run(userId, request.params.id, request.params.userId),
    );
  }
}
