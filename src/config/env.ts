import { readFileSync, existsSync } from 'node:fs';
import { parseEnv } from 'node:util';

export type RawEnv = Record<string, string | undefined>;

/**
 * `npm start` passes --local-defaults: a working sign-in with no external account. Not the dev
 * token mint: a proxy on this host that adds no forwarding header (the web app's dev server, nginx's
 * plain proxy_pass, socat, ssh -L) makes any caller look like loopback to it, and `npm run dev:token`
 * signs in through the local provider instead.
 */
export const START_DEFAULTS: RawEnv = {
  LOCAL_IDENTITY_PROVIDERS: 'true',
  SAMPLE_GAMES: 'true',
};

/**
 * Layers the environment: the real environment wins over `.env`,
 * which wins over the defaults `npm start` applies.
 */
export function layeredEnv(options: { processEnv: RawEnv; dotEnvPath?: string; startDefaults?: RawEnv }): RawEnv {
  const fromFile = options.dotEnvPath && existsSync(options.dotEnvPath) ? parseEnv(readFileSync(options.dotEnvPath, 'utf8')) : {};
  const merged: RawEnv = { ...fromFile };
  for (const [key, value] of Object.entries(options.processEnv)) {
    if (value !== undefined) merged[key] = value;
  }
  const profile = merged.APP_PROFILE ?? 'development';
  if (profile !== 'production') {
    for (const [key, value] of Object.entries(options.startDefaults ?? {})) {
      if (merged[key] === undefined) merged[key] = value;
    }
  }
  return merged;
}
