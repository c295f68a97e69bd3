export { loadConfig, ConfigError } from './config.ts';
export type { Config, Profile } from './config.ts';
export { layeredEnv } from './env.ts';
export type { RawEnv } from './env.ts';
export type { FcmServiceAccount, PushConfig } from './push.ts';
