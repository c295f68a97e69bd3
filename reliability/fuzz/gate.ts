import type { Auth, FuzzCase } from './cases.ts';
import type { Operation } from './openapi.ts';

/**
 * What the access gate must answer, written down from the seed (5.9–5.11, 7) and CONTRACT §3, for
 * the requests where it is unambiguous whatever else is broken in them: authentication and the
 * role check come before routing, so the answer depends on the path's prefix and the credential,
 * never on whether a route exists. `undefined`: the gate lets the request on (or no rule applies).
 */
const INVALID_TOKEN: ReadonlySet<Auth> = new Set(['garbage-bearer', 'alg-none', 'tampered', 'huge-bearer', 'garbage-cookie']);
/** A valid token of a user without the ADMIN role. */
const USER_TOKEN: ReadonlySet<Auth> = new Set(['user', 'cookie', 'user+internal']);
const WITH_SECRET: ReadonlySet<Auth> = new Set(['internal', 'user+internal']);
/**
 * Seed 5.9's trees under /api/v1 that hold endpoints needing no token; everything else there needs
 * one. Issue #18 adds `calendar`: the secret feed URL is its own credential (calendar apps send no token).
 */
const PUBLIC_ROOTS = new Set(['public', 'auth', 'games', 'venues', 'activities', 'share-links', 'calendar']);
/** Endpoints that never read an access token: sign-in (how a client replaces a dead one) and dev minting. */
const NO_TOKEN_READ = /^\/(api\/v1\/auth\/(login\/[^/]+|refresh|logout|dev\/tokens)|callback\/[^/]+)$/;
const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PROVIDER_PATH = /^\/(api\/v1\/auth\/login|callback)\/([^/]+)$/;

/**
 * Answers that legitimately come before the gate: the HTTP parser, the router's own refusals
 * (malformed percent-encoding, an over-long segment), a missing Host, an unmet Expect, the
 * cross-site check on cookie-carrying changes.
 */
export function beforeGate(status: number, code: string | undefined): boolean {
  return (
    [408, 413, 414, 417, 431].includes(status) ||
    (status === 400 && code === 'invalid_request') ||
    // A change carrying our cookies from another origin is refused before any credential is read.
    (status === 403 && code === 'cross_site_request')
  );
}

const decoded = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

function needsToken(auth: Auth): number | undefined {
  return USER_TOKEN.has(auth) || auth === 'admin' ? undefined : 401;
}

export function expectedGate(kase: FuzzCase, op: Operation | undefined, sentPath: string): { status: number; code?: string } | undefined {
  if (kase.raw !== undefined || kase.method === 'OPTIONS') return undefined;
  const path = decoded(sentPath);
  const status = (value: number | undefined) => (value === undefined ? undefined : { status: value });

  // Seed 5.10 and 5.11: whole trees, any method, any path below.
  if (under(path, '/api/v1/admin')) return status(kase.auth === 'admin' ? undefined : USER_TOKEN.has(kase.auth) ? 403 : 401);
  if (under(path, '/api/v1/internal')) return status(WITH_SECRET.has(kase.auth) ? undefined : 401);
  // Seed 7: an invalid provider is 400, for a caller with any credential (sign-in reads none).
  const provider = PROVIDER_PATH.exec(sentPath);
  if (provider && (kase.method === 'GET' || kase.method === 'HEAD') && !['national', 'social'].includes(decoded(provider[2]!))) {
    return { status: 400, code: 'invalid_provider' };
  }
  // Seed 5.10: everything under /api/v1 outside the public trees needs a token, route or no route.
  if (path.startsWith('/api/v1/') && !PUBLIC_ROOTS.has(path.split('/')[3] ?? '')) return status(needsToken(kase.auth));
  // docs/access.md: a public GET makes no other method of its path public. Under /api/v1 a write
  // method on a public read's path needs a token first (401), like any path there, then it is 405
  // (no public write shares a path with a public read).
  if (op && kase.rawPath === undefined && op.method === 'GET' && op.security === 'public' && WRITES.has(kase.method) && path.startsWith('/api/v1/')) {
    return status(needsToken(kase.auth));
  }
  if (!op || kase.rawPath !== undefined || kase.method !== op.method) return undefined;
  if (op.security === 'user') return status(needsToken(kase.auth));
  // CONTRACT §3: an invalid or expired token is 401 on public endpoints too.
  if (op.security === 'public' && INVALID_TOKEN.has(kase.auth) && !NO_TOKEN_READ.test(op.path.replace(/\{[^}]+\}/g, 'x'))) return { status: 401 };
  return undefined;
}
