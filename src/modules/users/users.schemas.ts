import { Type } from 'typebox';

/** Uppercase in bodies, like every enum; stored, in token claims and in login paths it stays `national` / `social`. */
export const AuthProviderSchema = Type.Enum(['NATIONAL', 'SOCIAL']);
/** In request bodies: the lowercase spelling of earlier callers is upper-cased before validation. */
export const AuthProviderInput = Type.Enum(['NATIONAL', 'SOCIAL'], { description: 'NATIONAL or SOCIAL (lowercase is also accepted)' });
export const RoleSchema = Type.Literal('ADMIN');

export const Account = Type.Object({
  id: Type.String({ format: 'uuid' }),
  authProvider: AuthProviderSchema,
  subject: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});

// PostgreSQL text cannot hold NUL: refused here as bad input rather than failing in the database.
export const AdminUsersQuery = Type.Object({ q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000]*$' })) });
export const UserIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const RolesBody = Type.Object({ roles: Type.Array(RoleSchema, { maxItems: 10 }) });
