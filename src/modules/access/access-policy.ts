/**
 * Who may call what, as the API documents it. Every route must match an entry
 * (the access plugin refuses to register one that does not), and the first match wins.
 *
 * - public: no token needed; a valid token identifies the caller (viewer, per-user limits), and an
 *   invalid or expired one is 401 like anywhere else, so the client learns to refresh
 * - sign-in: no token needed and none is read (login, callbacks, refresh, logout): these are how a
 *   client replaces a dead token, so a dead one must not stand in the way
 * - authenticated: a valid access token of a live user
 * - admin: authenticated with role ADMIN (else 403)
 * - internal: the X-Internal-Secret header, no token
 * - loopback: development tooling, loopback callers only (its own gate)
 */
export type Access = 'public' | 'sign-in' | 'authenticated' | 'admin' | 'internal' | 'loopback';
/** Public classes count per address (public-read: per user when signed in); the write classes per user. */
export type RateLimitClass = 'public-read' | 'share-resolve' | 'share-page' | 'sign-in' | WriteLimitClass;
/** Authenticated writes, one budget per user and class: who can act on whom, and how often. */
export type WriteLimitClass = 'participation' | 'join-request' | 'membership' | 'device-registration' | 'profile' | 'write' | 'chat';
export const WRITE_LIMIT_CLASSES: readonly WriteLimitClass[] = [
  'participation',
  'join-request',
  'membership',
  'device-registration',
  'profile',
  'write',
  'chat',
];

export interface PolicyEntry {
  method: string;
  /** A route template, or a prefix ending in `*` for a whole tree. */
  path: string;
  access: Access;
  rateLimit?: RateLimitClass;
}

const entry = (method: string, path: string, access: Access, rateLimit?: RateLimitClass): PolicyEntry => ({
  method,
  path,
  access,
  ...(rateLimit ? { rateLimit } : {}),
});

/** One entry per path, all with the same method, access and rate limit. */
const entries = (method: string, access: Access, rateLimit: RateLimitClass | undefined, paths: string[]): PolicyEntry[] =>
  paths.map((path) => entry(method, path, access, rateLimit));

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** Every writing method on these paths: authenticated, in one write class. */
const writes = (rateLimit: WriteLimitClass, paths: string[]): PolicyEntry[] =>
  WRITE_METHODS.flatMap((method) => entries(method, 'authenticated', rateLimit, paths));

/** A signed-in person's own part of the API: any write there is in the `write` class, and any method needs a token. */
const SIGNED_IN_AREA = [
  '/api/v1/me/*',
  '/api/v1/games',
  '/api/v1/games/*',
  '/api/v1/series',
  '/api/v1/series/*',
  '/api/v1/game-bookmarks',
  '/api/v1/game-bookmarks/*',
  '/api/v1/share-links',
];

export const ACCESS_POLICY: readonly PolicyEntry[] = [
  // Whole trees first: admin routes need the role, internal ones the secret.
  entry('*', '/api/v1/admin/*', 'admin'),
  entry('*', '/api/v1/internal/*', 'internal'),

  // CORS preflights never carry credentials.
  entry('OPTIONS', '*', 'public'),

  // The endpoints that need no token.
  entry('GET', '/api/v1/public/health', 'public'),
  // Sign-in starts and callbacks are counted per address: each national start costs an upstream PAR with DPoP.
  ...entries('GET', 'sign-in', 'sign-in', [
    '/api/v1/auth/login/national',
    '/api/v1/auth/login/social',
    '/api/v1/auth/login/:provider',
    '/callback/national',
    '/callback/social',
    '/callback/:provider',
  ]),
  ...entries('POST', 'sign-in', undefined, ['/api/v1/auth/refresh', '/api/v1/auth/logout']),
  ...entries('GET', 'public', undefined, ['/.well-known/jwks.json', '/.well-known/mobile-app-site-association']),
  entry('GET', '/api/v1/share-links/:code', 'public', 'share-resolve'),
  entry('GET', '/games/:code', 'public', 'share-page'),
  ...entries('GET', 'public', 'public-read', [
    '/api/v1/games',
    '/api/v1/games/filter-options',
    '/api/v1/games/:id',
    '/api/v1/games/:id.ics',
    // A calendar app polls the secret feed URL without a token: the URL is the credential.
    '/api/v1/calendar/:token.ics',
    '/api/v1/venues',
    '/api/v1/activities',
    '/api/v1/activities/:id',
  ]),
  ...entries('GET', 'public', undefined, ['/v3/api-docs', '/v3/api-docs/*', '/swagger-ui', '/swagger-ui/*', '/actuator/*']),
  // The web app's files; its data comes through the API like any client's.
  ...entries('GET', 'public', undefined, ['/app', '/app/*']),

  // Development tooling: gated by loopback host and peer instead of a token.
  entry('POST', '/api/v1/auth/dev/tokens', 'loopback'),

  // Authenticated writes are limited per user, each in its class (docs/access.md); the first match wins,
  // so a named class comes before the generous `write` of the trees below.
  ...entries('POST', 'authenticated', 'participation', [
    '/api/v1/games/:id/participants',
    '/api/v1/games/:id/waitlist-offer/accept',
    '/api/v1/games/:id/waitlist-offer/decline',
  ]),
  ...writes('participation', ['/api/v1/games/:id/participants/me', '/api/v1/games/:id/participants/me/guests']),
  entry('POST', '/api/v1/games/:id/join-requests', 'authenticated', 'join-request'),
  entry('DELETE', '/api/v1/games/:id/join-requests/me', 'authenticated', 'join-request'),
  // Acts on another person: co-hosts, regulars, approving, declining or removing a player.
  ...writes('membership', [
    '/api/v1/games/:id/co-hosts',
    '/api/v1/games/:id/co-hosts/:userId',
    '/api/v1/series/:id/co-hosts',
    '/api/v1/series/:id/co-hosts/:userId',
    '/api/v1/series/:id/regulars',
    '/api/v1/series/:id/regulars/:userId',
    '/api/v1/games/:id/join-requests/:userId/approve',
    '/api/v1/games/:id/join-requests/:userId/decline',
    '/api/v1/games/:id/participants/:userId',
  ]),
  entry('POST', '/api/v1/device-tokens', 'authenticated', 'device-registration'),
  entry('POST', '/api/v1/me/push-subscriptions', 'authenticated', 'device-registration'),
  // What one person says to everyone in a game: a message.
  entry('POST', '/api/v1/games/:id/chat/messages', 'authenticated', 'chat'),
  ...writes('profile', ['/api/v1/me', '/api/v1/me/notification-preferences', '/api/v1/me/calendar']),
  ...writes('write', [...SIGNED_IN_AREA, '/api/v1/share-links/rotate', '/api/v1/notifications', '/api/v1/notifications/*', '/api/v1/device-tokens']),

  // Everything else needs a token.
  ...entries('*', 'authenticated', undefined, ['/api/v1/me', ...SIGNED_IN_AREA]),
  entry('POST', '/api/v1/share-links/rotate', 'authenticated'),
  ...entries('*', 'authenticated', undefined, ['/api/v1/notifications', '/api/v1/notifications/*', '/api/v1/device-tokens']),
  entry('GET', '/api/v1/push/web-config', 'authenticated'),
];

/**
 * In production, build facts and metrics are for operators, as Spring Boot exposes only health over
 * the web by default: they need the X-Internal-Secret header. Health stays public (probes and
 * clients). Checked before ACCESS_POLICY, whose `/actuator/*` entry keeps them public elsewhere.
 */
export const PRODUCTION_POLICY: readonly PolicyEntry[] = entries('GET', 'internal', undefined, ['/actuator/info', '/actuator/prometheus']);

const policyIn = (production: boolean) => (production ? [...PRODUCTION_POLICY, ...ACCESS_POLICY] : ACCESS_POLICY);

function sameMethod(entry: PolicyEntry, method: string): boolean {
  return entry.method === '*' || entry.method === method || (method === 'HEAD' && entry.method === 'GET');
}

function matches(entry: PolicyEntry, method: string, path: string): boolean {
  if (!sameMethod(entry, method)) return false;
  return entry.path.endsWith('*') ? path.startsWith(entry.path.slice(0, -1)) : entry.path === path;
}

/** The policy of a route template; undefined means the route has no entry (a bug). */
export function policyFor(method: string, path: string, production = false): PolicyEntry | undefined {
  return policyIn(production).find((candidate) => matches(candidate, method, path));
}

/** A concrete path against an entry: `:name` takes one segment, `/*` also takes the bare prefix (`/**`). */
function fits(entry: PolicyEntry, method: string, path: string): boolean {
  if (!sameMethod(entry, method)) return false;
  if (entry.path === '*') return true;
  if (entry.path.endsWith('/*')) {
    const prefix = entry.path.slice(0, -2);
    return path === prefix || path.startsWith(`${prefix}/`);
  }
  const want = entry.path.split('/');
  const have = path.split('/');
  return want.length === have.length && want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]));
}

const API_PREFIX = '/api/v1';
const UNLISTED_API = entry('*', `${API_PREFIX}/*`, 'authenticated');
const UNLISTED_OTHER = entry('*', '*', 'public');

/**
 * The policy of a request no route answers (a 404 or 405 to come). Authentication and authorisation
 * run before routing, so the answer never tells an outsider which paths exist: the entry the method
 * and path fit, else everything under /api/v1 needs a token. A public GET does not make the path's
 * other methods public (as Spring Security's method matchers): `DELETE /api/v1/public/health` is
 * 401 to an anonymous caller like `DELETE /api/v1/games`, and 405 once a token is shown.
 */
export function policyForUnrouted(method: string, path: string, production = false): PolicyEntry {
  const found = policyIn(production).find((candidate) => fits(candidate, method, path));
  if (found) return found;
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) ? UNLISTED_API : UNLISTED_OTHER;
}
