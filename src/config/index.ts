export { loadConfig, ConfigError } from './config.ts';
export type { Config, Profile } from './config.ts';
export { layeredEnv } from './env.ts';
export { loadConfigOrExit } from './load-or-exit.ts';
export type { RawEnv } from './env.ts';
