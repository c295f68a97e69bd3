import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from './helpers/backends.ts';
import { assertProblem } from './helpers/problem.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { createUser, type TestUser } from './helpers/users.ts';

const ORIGIN = 'https://app.example.com';

// Regression tests for what the reliability fuzzer (reliability/fuzz.test.ts) found at app level.
for (const backend of backends) {
  describe(`CORS and OPTIONS (${backend.name})`, () => {
    let t: TestApp;

    before(async () => {
      t = await buildTestApp(backend, { CORS_ALLOWED_ORIGINS: `${ORIGIN},https://admin.example.com` });
    });
    after(() => t.close());

    it("answers an OPTIONS request that is not a preflight without the plugin's text/plain 400", async () => {
      for (const headers of [{}, { origin: ORIGIN }, { 'access-control-request-method': 'GET' }]) {
        const response = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/me', headers });
        assert.equal(response.statusCode, 204, response.body);
        assert.equal(response.body, '');
      }
    });

    it('echoes a configured origin with credentials, on a preflight and on a simple request', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/games',
        headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], ORIGIN);
      assert.equal(preflight.headers['access-control-allow-credentials'], 'true');
      assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
      const simple = await t.app.inject({ url: '/api/v1/public/health', headers: { origin: ORIGIN } });
      assert.equal(simple.headers['access-control-allow-origin'], ORIGIN);
      assert.match(String(simple.headers.vary), /Origin/i);
    });

    it('allows PUT and DELETE in preflights (the plugin defaults to GET, HEAD, POST)', async () => {
      for (const method of ['PUT', 'DELETE']) {
        const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/me', headers: { origin: ORIGIN, 'access-control-request-method': method } });
        assert.equal(preflight.statusCode, 204);
        assert.equal(preflight.headers['access-control-allow-origin'], ORIGIN);
        assert.ok(
          String(preflight.headers['access-control-allow-methods']).split(/,\s*/).includes(method),
          String(preflight.headers['access-control-allow-methods']),
        );
      }
    });

    it('lets browsers read the request id and rate-limit headers', async () => {
      const response = await t.app.inject({ url: '/api/v1/games', headers: { origin: ORIGIN } });
      const exposed = String(response.headers['access-control-expose-headers']).toLowerCase();
      for (const header of ['x-request-id', 'ratelimit-remaining', 'retry-after']) assert.ok(exposed.includes(header), exposed);
    });

    it('gives an unconfigured origin no Access-Control-Allow-Origin', async () => {
      for (const origin of ['https://evil.example.com', 'null', `${ORIGIN}.evil.com`, 'http://app.example.com']) {
        const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/games', headers: { origin, 'access-control-request-method': 'POST' } });
        assert.equal(preflight.headers['access-control-allow-origin'], undefined, origin);
        const simple = await t.app.inject({ url: '/api/v1/public/health', headers: { origin } });
        assert.equal(simple.headers['access-control-allow-origin'], undefined, origin);
      }
    });
  });

  describe(`OPTIONS without CORS origins (${backend.name})`, () => {
    let t: TestApp;

    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    it('answers OPTIONS with a problem detail and no CORS headers', async () => {
      const response = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/me', headers: { origin: ORIGIN, 'access-control-request-method': 'GET' } });
      assertProblem(response, 405, 'method_not_allowed');
      assert.equal(response.headers['access-control-allow-origin'], undefined);
    });
  });
}

for (const backend of backends) {
  describe(`secrets in request logs (${backend.name})`, () => {
    let t: TestApp;
    const logged: string[] = [];

    before(async () => {
      t = await buildTestApp(backend, { LOG_LEVEL: 'info' }, { logStream: { write: (line) => logged.push(line) } });
    });
    after(() => t.close());

    it('masks share codes and feed tokens however the path is percent-encoded or slashed', async () => {
      const code = 'Zq7Rt2Xw';
      const token = 'feedtokensecret123';
      const spellings = [
        `/%67ames/${code}`,
        `/%67%61mes/${code.slice(0, 2)}%${code.charCodeAt(2).toString(16)}${code.slice(3)}`,
        `//games/${code}`,
        `/api/v1/%63alendar/${token}.ics`,
      ];
      for (const url of spellings) await t.app.inject({ url });
      const lines = logged.filter((line) => line.includes('"url"'));
      assert.ok(lines.length >= spellings.length, 'every request is logged');
      for (const line of lines) {
        assert.ok(!line.includes(code) && !line.includes(token), line);
      }
      assert.ok(lines.some((line) => line.includes('/games/[REDACTED]')));
      assert.ok(lines.some((line) => line.includes('/api/v1/calendar/[REDACTED]')));
    });
  });
}

for (const backend of backends) {
  describe(`empty query values (${backend.name})`, () => {
    let t: TestApp;

    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    it('reads an empty cursor as none: the first page', async () => {
      for (const url of ['/api/v1/games?cursor=', '/api/v1/games?cursor=&size=', '/api/v1/games?size=5&cursor=']) {
        const response = await t.app.inject({ url });
        assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
        assert.ok(Array.isArray(response.json().data.content));
      }
    });

    it('reads any empty optional query value as absent, so its default applies', async () => {
      const response = await t.app.inject({ url: '/api/v1/venues?page=&size=&q=' });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual({ number: response.json().data.page.number, size: response.json().data.page.size }, { number: 0, size: 20 });
    });

    it('still refuses a cursor that is present but not one', async () => {
      assertProblem(await t.app.inject({ url: '/api/v1/games?cursor=%20' }), 400, 'invalid_cursor');
    });
  });
}

for (const backend of backends) {
  describe(`caching of signed-in answers (${backend.name})`, () => {
    let t: TestApp;
    let user: TestUser;

    before(async () => {
      t = await buildTestApp(backend, { CORS_ALLOWED_ORIGINS: ORIGIN });
      user = await createUser(t.app);
    });
    after(() => t.close());

    const varies = (response: { headers: Record<string, unknown> }) =>
      String(response.headers.vary ?? '')
        .split(/,\s*/)
        .map((name) => name.toLowerCase());

    it('marks a signed-in JSON answer private and unstored, varying on the credentials', async () => {
      // GET /api/v1/me is kept as the web app's offline copy (private, no-cache): test/offline-copies.test.ts.
      for (const url of ['/api/v1/notifications', '/api/v1/games', '/api/v1/public/health']) {
        const response = await t.app.inject({ url, headers: { ...user.auth, origin: ORIGIN } });
        assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
        assert.equal(response.headers['cache-control'], 'private, no-store', url);
        for (const name of ['authorization', 'cookie', 'origin']) assert.ok(varies(response).includes(name), `${url}: ${response.headers.vary}`);
      }
    });

    it('marks a signed-in problem detail private too', async () => {
      const response = await t.app.inject({ url: '/api/v1/games/00000000-0000-4000-8000-000000000000', headers: user.auth });
      assertProblem(response, 404);
      assert.equal(response.headers['cache-control'], 'private, no-store');
    });

    it('leaves anonymous public answers and routes with their own caching as they were', async () => {
      const anonymous = await t.app.inject({ url: '/api/v1/games' });
      assert.equal(anonymous.headers['cache-control'], undefined);
      assert.ok(!varies(anonymous).includes('authorization'));
      const keys = await t.app.inject({ url: '/.well-known/jwks.json', headers: user.auth });
      assert.equal(keys.headers['cache-control'], 'public, max-age=300');
    });
  });
}
