export { AuthService } from './auth.service.ts';
export { authRoutes } from './auth.routes.ts';
export { LoginStates } from './login-state.ts';
export { LoginBinding, LOGIN_BINDING_COOKIE } from './login-binding.ts';
export { createNationalClient, createSocialClient } from './providers/index.ts';
export type { IdentityProviderClient, ProviderName } from './providers/index.ts';
export type { LocalProviders } from './local-providers/index.ts';
// The accounts and the scripted login use no provider code; the providers themselves (oidc-provider, a
// development dependency) load only when a process turns them on.
export { TEST_USERS, subjectFor } from './local-providers/accounts.ts';
export { driveLogin } from './local-providers/drive-login.ts';
export const loadLocalProviders = () => import('./local-providers/local-providers.ts');
export { AUTH_ERRORS } from './auth.errors.ts';
