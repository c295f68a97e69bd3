import { loadConfig, type Config } from './config.ts';
import { ConfigError } from './reader.ts';
import type { RawEnv } from './env.ts';

/** For a process entry: a bad or missing variable stops the process with one line naming it, no stack trace. */
export function loadConfigOrExit(env: RawEnv): Readonly<Config> {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
