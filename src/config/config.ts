import { isIP } from 'node:net';
import path from 'node:path';
import type { RawEnv } from './env.ts';
import { parsePushConfig, type PushConfig } from './push.ts';
import { parseBounds, parseRateLimits, type Bounds, type RateLimitFigures } from './rate-limits.ts';
import { parseDatabaseTopology, parseRedisTarget, type DatabaseTopology } from './topology.ts';
import { parseQuietHours, type QuietHoursConfig } from './quiet-hours.ts';
import { ClientJwksError, parseNationalClientJwks } from './national-jwks.ts';
import { checkedWith } from './checked.ts';
import { readCacheBytes } from './caches.ts';
import { ConfigError, reader, type Reader } from './reader.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export type Profile = 'development' | 'test' | 'production';

export interface Config extends Bounds {
  profile: Profile;
  port: number;
  host: string;
  baseUrl: string;
  secureCookies: boolean;
  databaseUrl: string | undefined;
  /** Connections that need a session, the read replica, and how statements are prepared. */
  database: DatabaseTopology;
  dataDir: string;
  redisUrl: string | undefined;
  jwt: {
    issuer: string;
    audience: string;
    signingKeys: string | undefined;
    accessTokenTtl: number;
    refreshTokenTtl: number;
    /** How long the immediately previous refresh token still answers (a lost response retried), ms. */
    refreshReuseGraceMs: number;
  };
  loginStateTtl: number;
  /** How long a token's user (live, roles) is served from memory; revocations end it at once. 0: every request reads it. */
  accessUserCacheMs: number;
  /** The most every in-process cache together holds, in bytes of their entries' JSON (CACHE_MB; see caches.ts). */
  cacheBytes: number;
  national: {
    issuer: string | undefined;
    clientId: string | undefined;
    clientJwks: string | undefined;
    redirectUri: string;
    scope: string;
    authParams: Record<string, string>;
  };
  social: {
    issuer: string | undefined;
    clientId: string | undefined;
    clientSecret: string | undefined;
    redirectUri: string;
    scope: string;
    connections: string[];
    connectionParam: string;
  };
  frontendCallbackUrl: string;
  mobileCallbackScheme: string;
  internalSecret: string | undefined;
  devMintEndpointEnabled: boolean;
  localIdentityProviders: boolean;
  /** `npm start`: sample organisers, players and games over the next two weeks. Never in production. */
  sampleGames: boolean;
  trustProxy: boolean | number | string[];
  corsAllowedOrigins: string[];
  rateLimits: RateLimitFigures;
  timeZone: string;
  /** MAP_TILE_URL: the Find page map's tile template ({z}/{x}/{y}); '' draws no tiles (pins only). */
  mapTileUrl: string;
  /** WAITLIST_OFFER_QUIET_HOURS: when a waitlist offer's claim time stands still; undefined when off. */
  waitlistQuietHours: QuietHoursConfig | undefined;
  mobileAppIds: string[];
  jobsEnabled: boolean;
  /** AUDIT_RETENTION_DAYS: audit entries older than this many days are deleted by the audit-retention job. */
  auditRetentionDays: number;
  push: PushConfig;
  logLevel: string;
  /** PAYMENTS_ENCRYPTION_KEY, checked to be 32 bytes, in standard base64 (frozen config holds no Buffer); undefined: a derived development key. */
  paymentsEncryptionKey: string | undefined;
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    if (!address || !isIP(address) || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
      throw new ConfigError('TRUST_PROXY', 'must be false, true, a hop count or a list of IP addresses/CIDRs');
    }
  }
  return entries;
}

function parseTimeZone(value: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    throw new ConfigError('APP_TIME_ZONE', 'must be an IANA time zone such as Asia/Singapore');
  }
  return value;
}

/** Checked now so a key the client cannot use stops start-up instead of the first sign-in. */
function nationalClientJwks(value: string | undefined): string | undefined {
  return checkedWith('NATIONAL_CLIENT_JWKS', value, parseNationalClientJwks, ClientJwksError);
}

/** 32 bytes, base64 (standard or url-safe alphabet): an AES-256 key. */
function parsePaymentsKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) ? Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : Buffer.alloc(0);
  if (key.length !== 32) throw new ConfigError('PAYMENTS_ENCRYPTION_KEY', 'must be 32 bytes in base64 (openssl rand -base64 32)');
  return key.toString('base64');
}

function parseAuthParams(value: string | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(value ?? ''));
}

/** Parses and validates every variable the service reads (`.env.example` lists them) once; the result is frozen. */
export function loadConfig(env: RawEnv): Readonly<Config> {
  const read = reader(env);
  const profile = read.oneOf<Profile>('APP_PROFILE', 'development', ['development', 'test', 'production']);
  const production = profile === 'production';
  const server = readServer(read);
  const secrets = readSecrets(read, production);
  const switches = readSwitches(read, production, server.baseUrl);
  const webUrl = webUrlReader(read, production);
  const config: Config = {
    profile,
    ...server,
    jwt: readJwt(read, secrets.signingKeys),
    loginStateTtl: read.integer('LOGIN_STATE_TTL', 300, 1, 3600),
    accessUserCacheMs: read.integer('ACCESS_USER_CACHE_MS', 5000, 0, 60_000),
    cacheBytes: readCacheBytes(read),
    national: readNational(read, webUrl, server.baseUrl),
    social: readSocial(read, webUrl, server.baseUrl),
    frontendCallbackUrl: webUrl('FRONTEND_CALLBACK_URL', 'http://localhost:3000/auth/callback')!,
    mobileCallbackScheme: switches.mobileCallbackScheme,
    internalSecret: secrets.internalSecret,
    devMintEndpointEnabled: read.boolean('AUTH_DEV_MINT_ENDPOINT_ENABLED', false),
    localIdentityProviders: switches.localIdentityProviders,
    sampleGames: switches.sampleGames,
    trustProxy: switches.trustProxy,
    corsAllowedOrigins: read.list('CORS_ALLOWED_ORIGINS', ''),
    rateLimits: read.attempt(() => parseRateLimits(read)),
    ...read.attempt(() => parseBounds(read)),
    timeZone: read.attempt(() => parseTimeZone(read.string('APP_TIME_ZONE', 'Asia/Singapore'))),
    mapTileUrl: webUrl('MAP_TILE_URL', undefined) ?? '',
    waitlistQuietHours: read.attempt(() =>
      parseQuietHours(read.string('WAITLIST_OFFER_QUIET_HOURS', '22:00-08:00'), (reason) => new ConfigError('WAITLIST_OFFER_QUIET_HOURS', reason)),
    ),
    mobileAppIds: read.list('MOBILE_APP_IDS', ''),
    jobsEnabled: read.boolean('JOBS_ENABLED', true),
    auditRetentionDays: read.integer('AUDIT_RETENTION_DAYS', 365, 1, 36_500),
    push: read.attempt(() => parsePushConfig(read.raw, (variable, reason) => new ConfigError(variable, reason))),
    logLevel: switches.logLevel,
    paymentsEncryptionKey: secrets.paymentsEncryptionKey,
  };
  read.finish();
  return deepFreeze(config);
}

/** Where the service listens and what it stores in. */
function readServer(read: Reader) {
  const port = read.integer('PORT', 8080, 0, 65535);
  const host = read.string('HOST', '127.0.0.1');
  const baseUrl = read.url('BASE_URL', `http://localhost:${port}`, ['http:', 'https:'])!.replace(/\/+$/, '');
  const databaseUrl = read.url('DATABASE_URL', undefined, ['postgres:', 'postgresql:', 'memory:']);
  const database = read.attempt(() => parseDatabaseTopology(read, databaseUrl));
  const redisUrl = read.attempt(() => parseRedisTarget(read.raw('REDIS_URL')));
  const dataDir = path.resolve(read.string('DATA_DIR', './data'));
  return { port, host, baseUrl, secureCookies: baseUrl.startsWith('https:'), databaseUrl, database, dataDir, redisUrl };
}

/** Keys and secrets: production refuses to start with a missing or weak one. */
function readSecrets(read: Reader, production: boolean) {
  const signingKeys = read.json('JWT_SIGNING_KEYS');
  if (production && !signingKeys) {
    read.refuse('JWT_SIGNING_KEYS', 'is required when APP_PROFILE is production');
  }
  const internalSecret = read.raw('INTERNAL_SECRET');
  if (production && internalSecret !== undefined && internalSecret.length < 32) {
    read.refuse('INTERNAL_SECRET', 'must be at least 32 characters in production');
  }
  const paymentsEncryptionKey = read.attempt(() => parsePaymentsKey(read.raw('PAYMENTS_ENCRYPTION_KEY')));
  if (production && !paymentsEncryptionKey) read.refuse('PAYMENTS_ENCRYPTION_KEY', 'is required when APP_PROFILE is production');
  return { signingKeys, internalSecret, paymentsEncryptionKey };
}

/** Settings some of whose values production does not allow. */
function readSwitches(read: Reader, production: boolean, baseUrl: string) {
  const localIdentityProviders = read.boolean('LOCAL_IDENTITY_PROVIDERS', false);
  if (production && localIdentityProviders) {
    read.refuse('LOCAL_IDENTITY_PROVIDERS', 'is not allowed in production');
  }
  const sampleGames = read.boolean('SAMPLE_GAMES', false);
  if (production && sampleGames) read.refuse('SAMPLE_GAMES', 'is not allowed in production');
  const mobileCallbackScheme = read.string('MOBILE_CALLBACK_SCHEME', 'service');
  if (!/^[a-z][a-z0-9+.-]*$/.test(mobileCallbackScheme)) {
    read.refuse('MOBILE_CALLBACK_SCHEME', 'must be a URI scheme such as service');
  }
  const logLevel = read.string('LOG_LEVEL', 'info');
  if (!LOG_LEVELS.includes(logLevel)) read.refuse('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  // Production cookies must be Secure, which needs https.
  if (production && !baseUrl.startsWith('https:')) read.refuse('BASE_URL', 'must use https: when APP_PROFILE is production');
  const trustProxy = read.attempt(() => parseTrustProxy(read.raw('TRUST_PROXY')), false);
  // true believes the left-most X-Forwarded-For, which is whatever the client wrote.
  if (production && trustProxy === true) {
    read.refuse('TRUST_PROXY', 'must be a hop count or a list of proxy addresses when APP_PROFILE is production, not true');
  }
  return { localIdentityProviders, sampleGames, mobileCallbackScheme, logLevel, trustProxy };
}

type WebUrl = (name: string, fallback: string | undefined) => string | undefined;

// Production speaks to identity providers and sends browsers on only over https: an http issuer's
// discovery, keys and token answers (or a redirect carrying a session) could be read or changed on the way.
function webUrlReader(read: Reader, production: boolean): WebUrl {
  return (name, fallback) => {
    const value = read.url(name, fallback, ['http:', 'https:']);
    if (production && value?.startsWith('http:')) read.refuse(name, 'must use https: when APP_PROFILE is production');
    return value;
  };
}

function readJwt(read: Reader, signingKeys: string | undefined): Config['jwt'] {
  return {
    issuer: read.string('JWT_ISSUER', 'service'),
    audience: read.string('JWT_AUDIENCE', 'service'),
    signingKeys,
    accessTokenTtl: read.integer('ACCESS_TOKEN_TTL', 900, 1, 86_400),
    refreshTokenTtl: read.integer('REFRESH_TOKEN_TTL', 604_800, 1, 31_536_000),
    refreshReuseGraceMs: read.integer('REFRESH_REUSE_GRACE_MS', 5000, 0, 60_000),
  };
}

function readNational(read: Reader, webUrl: WebUrl, baseUrl: string): Config['national'] {
  return {
    issuer: webUrl('NATIONAL_ISSUER', undefined),
    clientId: read.raw('NATIONAL_CLIENT_ID'),
    clientJwks: read.attempt(() => nationalClientJwks(read.json('NATIONAL_CLIENT_JWKS'))),
    redirectUri: webUrl('NATIONAL_REDIRECT_URI', `${baseUrl}/callback/national`)!,
    scope: read.string('NATIONAL_SCOPE', 'openid'),
    authParams: parseAuthParams(read.raw('NATIONAL_AUTH_PARAMS')),
  };
}

function readSocial(read: Reader, webUrl: WebUrl, baseUrl: string): Config['social'] {
  return {
    issuer: webUrl('SOCIAL_ISSUER', undefined),
    clientId: read.raw('SOCIAL_CLIENT_ID'),
    clientSecret: read.raw('SOCIAL_CLIENT_SECRET'),
    redirectUri: webUrl('SOCIAL_REDIRECT_URI', `${baseUrl}/callback/social`)!,
    scope: read.string('SOCIAL_SCOPE', 'openid profile email'),
    connections: read.list('SOCIAL_CONNECTIONS', 'google-oauth2,apple,email'),
    connectionParam: read.string('SOCIAL_CONNECTION_PARAM', 'connection'),
  };
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
