import { Type } from 'typebox';

export const AuthProviderSchema = Type.Union([Type.Literal('national'), Type.Literal('social')]);
export const RoleSchema = Type.Literal('ADMIN');

export const Account = Type.Object({
  id: Type.String({ format: 'uuid' }),
  authProvider: Type.String(),
  subject: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});

export const AdminUsersQuery = Type.Object({ q: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) });
export const UserIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const RolesBody = Type.Object({ roles: Type.Array(RoleSchema, { maxItems: 10 }) });
