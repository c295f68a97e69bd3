export { UsersService, ROLES } from './users.service.ts';
export { createUsersModule } from './users.compose.ts';
export type { AuthProvider, Role, ProvisionInput } from './users.service.ts';
export type { AccessUser } from './users.repository.ts';
export { presentAccount, presentAuthProvider } from './users.presenter.ts';
export { Account, AuthProviderInput, AuthProviderSchema, RoleSchema, RolesBody, UserIdParams } from './users.schemas.ts';
export { usersRoutes } from './users.routes.ts';
/** The internal tree replaces roles as the admin tree does. */
export { UsersApi } from './users.api.ts';
export { USERS_ERRORS } from './users.errors.ts';
