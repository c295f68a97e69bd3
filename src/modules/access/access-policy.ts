/**
 * Who may call what, as the API documents it. Every route must match an entry
 * (the access plugin refuses to register one that does not), and the first match wins.
 *
 * - public: no token needed; a valid token still identifies the caller (viewer, per-user limits)
 * - authenticated: a valid access token of a live user
 * - admin: authenticated with role ADMIN (else 403)
 * - internal: the X-Internal-Secret header, no token
 * - loopback: development tooling, loopback callers only (its own gate)
 */
export type Access = 'public' | 'authenticated' | 'admin' | 'internal' | 'loopback';
export type RateLimitClass = 'public-read' | 'share-resolve';

export interface PolicyEntry {
  method: string;
  /** A route template, or a prefix ending in `*` for a whole tree. */
  path: string;
  access: Access;
  rateLimit?: RateLimitClass;
}

const entry = (method: string, path: string, access: Access, rateLimit?: RateLimitClass): PolicyEntry =>
  ({ method, path, access, ...(rateLimit ? { rateLimit } : {}) });

export const ACCESS_POLICY: readonly PolicyEntry[] = [
  // Whole trees first: admin routes need the role, internal ones the secret.
  entry('*', '/api/v1/admin/*', 'admin'),
  entry('*', '/api/v1/internal/*', 'internal'),

  // CORS preflights never carry credentials.
  entry('OPTIONS', '*', 'public'),

  // The endpoints that need no token.
  entry('GET', '/api/v1/public/health', 'public'),
  entry('GET', '/api/v1/auth/login/national', 'public'),
  entry('GET', '/api/v1/auth/login/social', 'public'),
  entry('GET', '/callback/national', 'public'),
  entry('GET', '/callback/social', 'public'),
  entry('POST', '/api/v1/auth/refresh', 'public'),
  entry('POST', '/api/v1/auth/logout', 'public'),
  entry('GET', '/.well-known/jwks.json', 'public'),
  entry('GET', '/.well-known/mobile-app-site-association', 'public'),
  entry('GET', '/api/v1/share-links/:code', 'public', 'share-resolve'),
  entry('GET', '/games/:code', 'public', 'share-resolve'),
  entry('GET', '/api/v1/games', 'public', 'public-read'),
  entry('GET', '/api/v1/games/filter-options', 'public', 'public-read'),
  entry('GET', '/api/v1/games/:id', 'public', 'public-read'),
  entry('GET', '/api/v1/venues', 'public', 'public-read'),
  entry('GET', '/api/v1/activities', 'public', 'public-read'),
  entry('GET', '/api/v1/activities/:id', 'public', 'public-read'),
  entry('GET', '/v3/api-docs', 'public'),
  entry('GET', '/v3/api-docs/*', 'public'),
  entry('GET', '/swagger-ui', 'public'),
  entry('GET', '/swagger-ui/*', 'public'),
  entry('GET', '/actuator/*', 'public'),

  // Development tooling: gated by loopback host and peer instead of a token.
  entry('POST', '/api/v1/auth/dev/tokens', 'loopback'),

  // Everything else needs a token.
  entry('*', '/api/v1/me', 'authenticated'),
  entry('*', '/api/v1/me/*', 'authenticated'),
  entry('*', '/api/v1/games', 'authenticated'),
  entry('*', '/api/v1/games/*', 'authenticated'),
  entry('*', '/api/v1/game-bookmarks', 'authenticated'),
  entry('*', '/api/v1/game-bookmarks/*', 'authenticated'),
  entry('*', '/api/v1/share-links', 'authenticated'),
  entry('*', '/api/v1/notifications', 'authenticated'),
  entry('*', '/api/v1/notifications/*', 'authenticated'),
  entry('*', '/api/v1/device-tokens', 'authenticated'),
];

function matches(entry: PolicyEntry, method: string, path: string): boolean {
  const sameMethod = entry.method === '*' || entry.method === method || (method === 'HEAD' && entry.method === 'GET');
  if (!sameMethod) return false;
  return entry.path.endsWith('*') ? path.startsWith(entry.path.slice(0, -1)) : entry.path === path;
}

/** The policy of a route template; undefined means the route has no entry (a bug). */
export function policyFor(method: string, path: string): PolicyEntry | undefined {
  return ACCESS_POLICY.find((candidate) => matches(candidate, method, path));
}
