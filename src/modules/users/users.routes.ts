import { Type } from 'typebox';
import { OffsetPage, OffsetQuery, presentPage } from '../../platform/http/pagination.ts';
import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { presentAccount } from './users.presenter.ts';
import { Account, AdminUsersQuery, RolesBody, UserIdParams } from './users.schemas.ts';
import type { UsersService } from './users.service.ts';

export async function usersRoutes(app: TypedApp, { users }: { users: UsersService }) {
  const admin = userRouteSet(app, 'admin');

  admin.get(
    '/api/v1/admin/users',
    {
      summary: 'Users, newest first, optionally matching q (name or e-mail)',
      querystring: Type.Intersect([OffsetQuery, AdminUsersQuery]),
      data: OffsetPage(Account),
      message: 'Users',
    },
    async (request) => presentPage(await users.page(request.query), presentAccount, request.query),
  );

  admin.put(
    '/api/v1/admin/users/:id/roles',
    { summary: "Replace a user's roles", params: UserIdParams, body: RolesBody, data: Account, message: 'Roles updated' },
    async (request) => presentAccount(await users.setRoles(request.params.id, request.body.roles)),
  );
}
