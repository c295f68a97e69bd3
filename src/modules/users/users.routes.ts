import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Type } from 'typebox';
import { userRoute } from '../../platform/http/openapi.ts';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { OffsetPage, OffsetQuery, presentPage } from '../../platform/http/pagination.ts';
import { presentAccount } from './users.presenter.ts';
import { Account, AdminUsersQuery, RolesBody, UserIdParams } from './users.schemas.ts';
import type { UsersService } from './users.service.ts';

export async function usersRoutes(app: TypedApp, { users }: { users: UsersService }) {
  app.get(
    '/api/v1/admin/users',
    {
      schema: userRoute('admin', 'Users, newest first, optionally matching q (name or e-mail)', {
        querystring: Type.Intersect([OffsetQuery, AdminUsersQuery]),
        response: { 200: Envelope(OffsetPage(Account)) },
      }),
    },
    async (request) => envelope(request, presentPage(await users.page(request.query), presentAccount, request.query), 'Users'),
  );

  app.put(
    '/api/v1/admin/users/:id/roles',
    { schema: userRoute('admin', "Replace a user's roles", { params: UserIdParams, body: RolesBody, response: { 200: Envelope(Account) } }) },
    async (request) => envelope(request, presentAccount(await users.setRoles(request.params.id, request.body.roles)), 'Roles updated'),
  );
}
