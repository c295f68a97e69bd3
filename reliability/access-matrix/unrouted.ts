import assert from 'node:assert/strict';
import type { Access } from '../../src/modules/access/index.ts';
import type { CellResponse, RouteCase } from './route-case.ts';

/**
 * Requests no route answers. Seed 5.10 as a resource server reads it: authentication and the role
 * check come before routing, so an unknown path or a wrong method is 401 to an anonymous caller
 * under /api/v1, 403 to a non-admin under /api/v1/admin, 401 without the secret under
 * /api/v1/internal, and 404 or 405 only to a caller who passed. A wrong method on a path whose GET is
 * public is no exception under /api/v1 (a public GET makes no other method public). `access` is the gate the seed puts
 * on the path; `success` what a caller who passed gets.
 */
export interface UnroutedCase {
  method: string;
  url: string;
  access: Access;
  success: 404 | 405;
  label: string;
}

export const UNROUTED: readonly UnroutedCase[] = [
  { method: 'GET', url: '/api/v1/nothing-here', access: 'authenticated', success: 404, label: 'unknown path under /api/v1' },
  { method: 'POST', url: '/api/v1/me/nothing-here', access: 'authenticated', success: 404, label: 'unknown path under /api/v1/me' },
  { method: 'GET', url: '/api/v1/admin/anything-unknown', access: 'admin', success: 404, label: 'unknown admin path' },
  { method: 'GET', url: '/api/v1/admin', access: 'admin', success: 404, label: 'the admin prefix itself' },
  {
    method: 'GET',
    url: '/api/v1/admin/users/00000000-0000-4000-8000-000000000000/nothing',
    access: 'admin',
    success: 404,
    label: 'unknown admin path under a real one',
  },
  { method: 'POST', url: '/api/v1/internal/anything-unknown', access: 'internal', success: 404, label: 'unknown internal path' },
  { method: 'PATCH', url: '/api/v1/admin/users', access: 'admin', success: 405, label: 'wrong method on an admin path' },
  { method: 'GET', url: '/api/v1/internal/users', access: 'internal', success: 405, label: 'wrong method on an internal path' },
  { method: 'DELETE', url: '/api/v1/games', access: 'authenticated', success: 405, label: 'wrong method on the listing' },
  // A public GET makes no other method public: under /api/v1 a wrong method needs a token first.
  { method: 'DELETE', url: '/api/v1/public/health', access: 'authenticated', success: 405, label: 'wrong method on a public path' },
  { method: 'POST', url: '/api/v1/auth/login/national', access: 'authenticated', success: 405, label: 'wrong method on a sign-in path' },
  { method: 'DELETE', url: '/.well-known/jwks.json', access: 'public', success: 405, label: 'wrong method on a public path outside the API' },
  { method: 'GET', url: '/nothing-here', access: 'public', success: 404, label: 'unknown path outside the API' },
];

const problemCode = (expected: string) => (response: CellResponse) => assert.equal(JSON.parse(response.body).code, expected);

/** The matrix row of an unrouted case (its `url` is the concrete path, reported as the route). */
export function unroutedRoute(kase: UnroutedCase): { method: string; url: string; access: Access; key: string; routeCase: RouteCase } {
  return {
    method: kase.method,
    url: kase.url,
    access: kase.access,
    key: `${kase.method} ${kase.url}`,
    routeCase: {
      label: kase.label,
      scope: 'shared',
      success: kase.success,
      prepare: async () => ({
        url: kase.url,
        ...(['POST', 'PUT', 'PATCH'].includes(kase.method) ? { payload: {} } : {}),
        check: problemCode(kase.success === 404 ? 'not_found' : 'method_not_allowed'),
      }),
    },
  };
}
