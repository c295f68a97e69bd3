import { readFileSync, existsSync } from 'node:fs';
import { parseEnv } from 'node:util';

export type RawEnv = Record<string, string | undefined>;

/** Defaults that open a development door: applied only while the service listens on loopback alone. */
const LOOPBACK_ONLY_DEFAULTS = new Set(['AUTH_DEV_MINT_ENDPOINT_ENABLED']);

export function isLoopbackHost(host: string): boolean {
  const plain = host.replace(/^\[|\]$/g, '').toLowerCase();
  return plain === 'localhost' || plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

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
    const loopback = isLoopbackHost(merged.HOST ?? '127.0.0.1');
    for (const [key, value] of Object.entries(options.startDefaults ?? {})) {
      if (merged[key] === undefined && (loopback || !LOOPBACK_ONLY_DEFAULTS.has(key))) merged[key] = value;
    }
  }
  return merged;
}
