export { loadConfig } from './config.ts';
export { ConfigError } from './reader.ts';
export type { Config, Profile } from './config.ts';
export { START_DEFAULTS, layeredEnv } from './env.ts';
export { loadConfigOrExit } from './load-or-exit.ts';
export type { RawEnv } from './env.ts';
export type { FcmServiceAccount, PushConfig, VapidKeys } from './push.ts';
export { ClientJwksError, ID_TOKEN_CONTENT_ENCRYPTIONS, ID_TOKEN_CURVES, ID_TOKEN_KEY_ALGS, parseNationalClientJwks } from './national-jwks.ts';
export type { ClientJwk, IdTokenContentEncryption, IdTokenCurve, IdTokenKeyAlg, NationalClientKeySet } from './national-jwks.ts';
