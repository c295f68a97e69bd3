import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { buildTestApp, INTERNAL_SECRET } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { policyFor } from './access-policy.ts';
import { accessPlugin, type RegisteredRoute } from './access.plugin.ts';

/** The endpoints that need no token, as the API documents them. */
const SEED_PUBLIC: Array<[string, string]> = [
  ['GET', '/api/v1/public/health'],
  ['GET', '/api/v1/auth/login/national'],
  ['GET', '/api/v1/auth/login/social'],
  ['GET', '/callback/national'],
  ['GET', '/callback/social'],
  ['POST', '/api/v1/auth/refresh'],
  ['POST', '/api/v1/auth/logout'],
  ['GET', '/.well-known/jwks.json'],
  ['GET', '/.well-known/mobile-app-site-association'],
  ['GET', '/api/v1/share-links/:code'],
  ['GET', '/games/:code'],
  ['GET', '/api/v1/games'],
  ['GET', '/api/v1/games/:id'],
  ['GET', '/api/v1/games/filter-options'],
  ['GET', '/api/v1/venues'],
  ['GET', '/api/v1/activities'],
  ['GET', '/api/v1/activities/:id'],
  ['GET', '/v3/api-docs'],
  ['GET', '/swagger-ui'],
  ['GET', '/actuator/health'],
];

function concreteUrl(template: string): string {
  return template
    .replace(/:code/g, 'AbCd1234')
    .replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000')
    .replace(/\*$/, 'x');
}

function routesOf(app: FastifyInstance): RegisteredRoute[] {
  return app.routePolicies.filter((route) => route.method !== 'HEAD' && route.url !== '*');
}

describe('access policy table', () => {
  it('makes every endpoint documented as needing no token public (the sign-in ones without even reading one)', () => {
    for (const [method, path] of SEED_PUBLIC) {
      const expected = /\/(auth|callback)\//.test(path) ? 'sign-in' : 'public';
      assert.equal(policyFor(method, path)?.access, expected, `${method} ${path}`);
    }
  });

  it('tells the public listing from the authenticated writes of the same path', () => {
    assert.equal(policyFor('GET', '/api/v1/games')?.access, 'public');
    assert.equal(policyFor('POST', '/api/v1/games')?.access, 'authenticated');
    assert.equal(policyFor('DELETE', '/api/v1/games/:id')?.access, 'authenticated');
    assert.equal(policyFor('GET', '/api/v1/admin/users')?.access, 'admin');
    assert.equal(policyFor('POST', '/api/v1/internal/users')?.access, 'internal');
  });

  it('refuses to start with a route that has no entry', async () => {
    const app = Fastify({ logger: false });
    await app.register(cookie);
    await app.register(accessPlugin, { tokens: {} as never, users: {} as never, internalSecret: undefined, limits: {} as never, trustedOrigins: [] });
    app.get('/api/v1/public/health', async () => 'listed');
    await assert.rejects(async () => {
      app.get('/api/v2/unlisted', async () => 'x');
      await app.ready();
    }, /No single access policy entry for GET \/api\/v2\/unlisted/);
    await app.close();
  });
});

for (const backend of backends) {
  describe(`access matrix over every registered route (${backend.name})`, () => {
    let user: TestUser;

    const t = appSuite(backend, { admin: true });
    before(async () => {
      user = await createUser(t.app);
    });

    /**
     * Access let the call through: no 401 or 403, and no 500 passing for "not refused" (a crash
     * says nothing about access). A deliberate 503 (a sign-in provider not configured) is an answer.
     */
    const assertAdmitted = (response: { statusCode: number; body: string }, route: RegisteredRoute) => {
      assert.ok(![401, 403, 500].includes(response.statusCode), `${route.method} ${route.url}: ${response.statusCode} ${response.body}`);
    };
    const call = (route: RegisteredRoute, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers,
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
      });

    it('lets anonymous callers through every public route', async () => {
      const routes = routesOf(t.app).filter((r) => r.policy.access === 'public' || r.policy.access === 'sign-in');
      assert.ok(routes.length >= 10);
      for (const route of routes) {
        const response = await call(route);
        // Refresh needs a refresh token (not a JWT): its 401 is about that token, not access.
        if (response.statusCode === 401) assert.equal(response.json().code, 'invalid_refresh_token', `${route.method} ${route.url}`);
        else assertAdmitted(response, route);
      }
    });

    it('answers 401 to anonymous callers of every other route', async () => {
      const routes = routesOf(t.app).filter((r) => !['public', 'sign-in', 'loopback'].includes(r.policy.access));
      assert.ok(routes.length >= 4);
      for (const route of routes) {
        const response = await call(route);
        assertProblem(response, 401);
        assert.equal(response.headers['www-authenticate'], 'Bearer', `${route.method} ${route.url}`);
      }
    });

    it('lets a signed-in user through every authenticated route', async () => {
      for (const route of routesOf(t.app).filter((r) => r.policy.access === 'authenticated')) {
        // A user of their own: some routes (DELETE /api/v1/me) end the caller's account.
        const caller = await createUser(t.app);
        assertAdmitted(await call(route, caller.auth), route);
      }
    });

    it('answers 403 to a non-admin on every admin route, and lets an admin through', async () => {
      const routes = routesOf(t.app).filter((r) => r.policy.access === 'admin');
      assert.ok(routes.length >= 2);
      for (const route of routes) {
        assertProblem(await call(route, user.auth), 403, 'forbidden');
        assertAdmitted(await call(route, t.admin.auth), route);
      }
    });

    it('answers 401 on every internal route without the secret, with a wrong one, and to a bearer token', async () => {
      const routes = routesOf(t.app).filter((r) => r.policy.access === 'internal');
      assert.ok(routes.length >= 2);
      for (const route of routes) {
        const wrongCredentials: Array<Record<string, string>> = [
          {},
          { 'x-internal-secret': 'wrong' },
          { 'x-internal-secret': `${INTERNAL_SECRET}x` },
          t.admin.auth,
        ];
        for (const headers of wrongCredentials) {
          assertProblem(await call(route, headers), 401);
        }
        assertAdmitted(await call(route, { 'x-internal-secret': INTERNAL_SECRET }), route);
      }
    });

    it('answers 401 on internal routes when no secret is configured', async () => {
      const bare = await buildTestApp(backend, { INTERNAL_SECRET: '' });
      try {
        const response = await bare.app.inject({ method: 'POST', url: '/api/v1/internal/users', headers: { 'x-internal-secret': '' }, payload: {} });
        assertProblem(response, 401);
      } finally {
        await bare.close();
      }
    });

    it('takes roles from the database, not the token', async () => {
      const promoted = await createUser(t.app);
      const route = routesOf(t.app).find((r) => r.policy.access === 'admin' && r.method === 'GET')!;
      assertProblem(await call(route, promoted.auth), 403);
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/internal/users/${promoted.id}/roles`,
        headers: { 'x-internal-secret': INTERNAL_SECRET },
        payload: { roles: ['ADMIN'] },
      });
      assert.equal((await call(route, promoted.auth)).statusCode, 200, 'the same token now passes');
    });
  });
}
