import { offsetPaged } from '../../platform/http/pagination.ts';
import type { RouteSpec } from '../../platform/http/route-set.ts';
import { Account, AdminUsersQuery, RolesBody, UserIdParams } from './users.schemas.ts';

/** What each admin users route accepts and answers. */
export const UsersApi = {
  list: { summary: 'Users, newest first, optionally matching q (name or e-mail)', ...offsetPaged(Account, AdminUsersQuery), message: 'Users' },
  setRoles: { summary: "Replace a user's roles", params: UserIdParams, body: RolesBody, data: Account, message: 'Roles updated' },
} satisfies Record<string, RouteSpec>;
