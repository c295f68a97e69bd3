/**
 * The typed API client: paths and bodies come from schema.d.ts, generated from the service's own
 * /v3/api-docs (`npm run web:client`). Cookies carry the session (the web platform): the access
 * token on every request, the refresh token only on /api/v1/auth. The session refreshes itself a
 * little before token_expiry; a request answered 401 is sent once more after a refresh, and a failed
 * refresh signs out.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { t } from '../i18n';

export const api = createClient<paths>({ baseUrl: '', credentials: 'include' });

/** A problem detail (RFC 9457) made readable: the sentence for people and the per-field messages. */
export class ApiProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: { field: string; message: string }[];
  constructor(status: number, body: unknown) {
    const problem = (body ?? {}) as { detail?: string; title?: string; code?: string; errors?: { field: string; message: string }[] };
    super(problem.detail ?? problem.title ?? t.common.requestFailed(status));
    this.status = status;
    this.code = problem.code ?? 'unknown';
    this.fieldErrors = problem.errors ?? [];
  }
}

/** The data of an enveloped answer, or an ApiProblem thrown for TanStack Query to show. */
export async function data<T>(call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>): Promise<T> {
  const { data: body, error, response } = await call;
  if (error !== undefined || !body) {
    if (response.status === 0 || !response.status) throw new Error(t.common.unreachable);
    throw new ApiProblem(response.status, error);
  }
  return body.data;
}

/** For answers without a body (204). */
export async function done(call: Promise<{ error?: unknown; response: Response }>): Promise<void> {
  const { error, response } = await call;
  if (!response.ok) throw new ApiProblem(response.status, error);
}

/** Seconds since the epoch when the access token expires, from the script-readable cookie. */
export function tokenExpiry(): number | undefined {
  const match = /(?:^|;\s*)token_expiry=(\d+)/.exec(document.cookie);
  return match ? Number(match[1]) : undefined;
}

let refreshing: Promise<boolean> | undefined;
const signedOutListeners = new Set<() => void>();
export const onSignedOut = (listener: () => void) => {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
};

/** One refresh at a time, however many requests ask for it. @calls POST /api/v1/auth/refresh */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch('/api/v1/auth/refresh', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  })
    .then((response) => response.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = undefined;
      scheduleRefresh();
    });
  return refreshing;
}

let timer: ReturnType<typeof setTimeout> | undefined;
/** Refreshes when a tenth of the lifetime (at most a minute) is left, before the cookie disappears. */
export function scheduleRefresh() {
  clearTimeout(timer);
  const expiry = tokenExpiry();
  if (!expiry) return;
  const left = expiry * 1000 - Date.now();
  const margin = Math.min(60_000, Math.max(1_000, left / 10));
  timer = setTimeout(() => void refreshSession(), Math.max(0, left - margin));
}

/**
 * Whether this browser held a session: only then does a refused renewal mean "your session has
 * ended". A first-time visitor, who never signed in, is simply signed out and told nothing.
 */
const HELD = 'session-held';
const noteSession = () => {
  if (tokenExpiry()) localStorage.setItem(HELD, '1');
};
function sessionEnded() {
  if (!localStorage.getItem(HELD)) return;
  localStorage.removeItem(HELD);
  signedOutListeners.forEach((listener) => listener());
}

const AUTH_PATHS = /^\/api\/v1\/auth\//;
/** A copy of each request as sent, body unread, for the one replay after a refresh. */
const replays = new WeakMap<Request, Request>();

const sessionMiddleware: Middleware = {
  async onRequest({ request }) {
    noteSession();
    // A token that is about to lapse is renewed first, so the request goes with a live one.
    const expiry = tokenExpiry();
    if (expiry && expiry * 1000 - Date.now() < 2_000 && !AUTH_PATHS.test(new URL(request.url).pathname)) await refreshSession();
    replays.set(request, request.clone());
    return undefined;
  },
  async onResponse({ request, response }) {
    if (response.status !== 401 || AUTH_PATHS.test(new URL(request.url).pathname)) return undefined;
    if (!(await refreshSession())) {
      sessionEnded();
      return undefined;
    }
    // Writes too: a 401 means the service turned the request away before doing anything, so sending
    // it once more with the renewed cookie cannot do it twice.
    const again = replays.get(request);
    return again ? fetch(again) : undefined;
  },
};
api.use(sessionMiddleware);
