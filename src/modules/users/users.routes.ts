import { presentPage } from '../../platform/http/pagination.ts';
import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { presentAccount } from './users.presenter.ts';
import { UsersApi } from './users.api.ts';
import type { UsersService } from './users.service.ts';
import { auditActor } from '../audit/index.ts';

export async function usersRoutes(app: TypedApp, { users }: { users: UsersService }) {
  const admin = userRouteSet(app, 'admin');
  admin.get('/api/v1/admin/users', UsersApi.list, async (request) => presentPage(await users.page(request.query), presentAccount, request.query));
  admin.put('/api/v1/admin/users/:id/roles', UsersApi.setRoles, async (request) =>
    presentAccount(await users.setRoles(request.params.id, request.body.roles, auditActor(request))),
  );
}
