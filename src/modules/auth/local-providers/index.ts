export { providerEnv, startLocalProviders, type LocalProviders, type LocalProvidersOptions } from './local-providers.ts';
export type { Misbehaviour } from './misbehaviour.ts';
export type { IdTokenEncryption } from './national-provider.ts';
export { driveLogin, DriveLoginError } from './drive-login.ts';
export { TEST_USERS, subjectFor } from './accounts.ts';
