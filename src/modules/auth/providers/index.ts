export type { IdentityProviderClient, PendingLogin, ProviderClientOptions, ProviderIdentity, ProviderName } from './provider-client.ts';
export { createNationalClient } from './national.client.ts';
export { createSocialClient } from './social.client.ts';
export { generateEncKey, generateNationalClientKeys, type NationalClientKeys } from './national-keys.ts';
