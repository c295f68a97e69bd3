import { Type } from 'typebox';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { userRoute } from '../../platform/http/openapi.ts';
import { NoContent, created, noContent } from '../../platform/http/replies.ts';
import { signedIn } from '../access/index.ts';
import type { SeriesMembers } from './series.members.ts';
import { Member, MemberBody, MemberParams, SeriesIdParams } from './series.schemas.ts';

/** Regulars and co-hosts of a series. */
export function seriesMemberRoutes(app: TypedApp, members: SeriesMembers) {
  const lists = [
    { url: '/api/v1/series/:id/regulars', summary: 'The regulars, in the order they joined each new game', read: members.regulars.bind(members) },
    { url: '/api/v1/series/:id/co-hosts', summary: 'The co-hosts of the series', read: members.coHosts.bind(members) },
  ];
  for (const { url, summary, read } of lists) {
    app.get(url, { schema: userRoute('series', summary, { params: SeriesIdParams, response: { 200: Envelope(Type.Array(Member)) } }) }, async (request) =>
      envelope(request, await read(request.params.id, signedIn(request).userId), 'Members'),
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
    app.post(
      `/api/v1/series/:id/${path}`,
      { schema: userRoute('series', add.summary, { params: SeriesIdParams, body: MemberBody, response: { 201: Envelope(Member) } }) },
      async (request, reply) => created(reply, envelope(request, await add.run(signedIn(request).userId, request.params.id, request.body.userId), add.message)),
    );
    app.delete(
      `/api/v1/series/:id/${path}/:userId`,
      { schema: userRoute('series', remove.summary, { params: MemberParams, response: NoContent }) },
      async (request, reply) => noContent(reply, remove.run(signedIn(request).userId, request.params.id, request.params.userId)),
    );
  }
}
