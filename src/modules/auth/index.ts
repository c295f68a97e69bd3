export { AuthService } from './auth.service.ts';
export { authRoutes } from './auth.routes.ts';
export { LoginStates } from './login-state.ts';
export { createNationalClient, createSocialClient } from './providers/index.ts';
export type { IdentityProviderClient, ProviderName } from './providers/index.ts';
export { providerEnv, startLocalProviders } from './local-providers/index.ts';
export type { LocalProviders } from './local-providers/index.ts';
export { TEST_USERS, driveLogin, subjectFor } from './local-providers/index.ts';
export { AUTH_ERRORS } from './auth.errors.ts';
