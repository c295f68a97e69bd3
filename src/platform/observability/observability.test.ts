import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { compileErrors, validate } from '@readme/openapi-parser';
import { backends } from '../../../test/helpers/backends.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { freePort } from '../../../test/helpers/server-process.ts';

for (const backend of backends) {
  describe(`operations endpoints (${backend.name})`, () => {
    const t = appSuite(backend);

    it('answers the public health check enveloped', async () => {
      const response = await t.app.inject({ url: '/api/v1/public/health' });
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.deepEqual({ success: body.success, data: body.data, path: body.path }, { success: true, data: { status: 'UP' }, path: '/api/v1/public/health' });
      assert.equal(typeof body.message, 'string');
      assert.ok(!Number.isNaN(Date.parse(body.timestamp)));
    });

    it('reports db and store UP, plus liveness, readiness and info', async () => {
      const health = await t.app.inject({ url: '/actuator/health' });
      assert.equal(health.statusCode, 200);
      assert.deepEqual(health.json(), { status: 'UP', components: { db: { status: 'UP' }, store: { status: 'UP' } } });
      assert.equal((await t.app.inject({ url: '/actuator/health/liveness' })).json().status, 'UP');
      assert.equal((await t.app.inject({ url: '/actuator/health/readiness' })).statusCode, 200);
      assert.equal((await t.app.inject({ url: '/actuator/info' })).json().app.name, 'match-service');
    });

    it('counts requests by route template and status in Prometheus format', async () => {
      await t.app.inject({ url: '/api/v1/public/health' });
      await t.app.inject({ url: '/api/v1/me' });
      const metrics = await t.app.inject({ url: '/actuator/prometheus' });
      assert.equal(metrics.statusCode, 200);
      assert.match(metrics.body, /http_requests_total\{method="GET",route="\/api\/v1\/public\/health",status_code="200"\} \d+/);
      assert.match(metrics.body, /http_requests_total\{method="GET",route="\/api\/v1\/me",status_code="401"\} \d+/);
      assert.match(metrics.body, /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/v1\/public\/health",status_code="200"\}/);
      assert.match(metrics.body, /db_pool_connections_total \d+/);
      assert.match(metrics.body, /kv_store_up 1/);
    });

    it('serves a valid OpenAPI 3.1 document listing every route, and the interactive UI', async () => {
      const response = await t.app.inject({ url: '/v3/api-docs' });
      assert.equal(response.statusCode, 200);
      const document = response.json();
      assert.equal(document.openapi, '3.1.0');
      const result = await validate(structuredClone(document));
      assert.ok(result.valid, result.valid ? '' : compileErrors(result));
      const documented = new Set(
        Object.entries(document.paths as Record<string, object>).flatMap(([path, operations]) =>
          Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
        ),
      );
      const apiRoutes = t.app.routePolicies.filter(
        (r) => r.url.startsWith('/api/') || r.url.startsWith('/.well-known') || r.url.startsWith('/callback') || r.url.startsWith('/actuator'),
      );
      for (const route of apiRoutes.filter((r) => r.method !== 'HEAD')) {
        const openApiPath = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
        assert.ok(documented.has(`${route.method} ${openApiPath}`), `${route.method} ${openApiPath} is documented`);
      }
      const ui = await t.app.inject({ url: '/swagger-ui/' });
      assert.equal(ui.statusCode, 200);
      assert.match(ui.body, /swagger-ui/i);
    });
  });
}

describe('store outage', { skip: !backends.some((b) => b.redisUrl) && 'needs redis-server on this machine (TEST_REDIS_URL)' }, () => {
  const backend = backends.find((b) => b.redisUrl)!;
  let redis: ChildProcess | undefined;
  let port: number;
  let t: TestApp;

  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 50; i++) {
      if (await portOpen(port)) return;
      await sleep(100);
    }
    throw new Error('redis-server did not start');
  };

  before(async () => {
    port = await freePort();
    await startRedis();
    t = await buildTestApp({ ...backend, redisUrl: `redis://127.0.0.1:${port}` });
  });
  after(async () => {
    await t?.close();
    redis?.kill('SIGKILL');
  });

  async function waitForHealth(status: number, withinMs: number) {
    const deadline = Date.now() + withinMs;
    let last: { statusCode: number; body: string } | undefined;
    while (Date.now() < deadline) {
      last = await t.app.inject({ url: '/actuator/health' });
      if (last.statusCode === status) return last;
      await sleep(200);
    }
    assert.fail(`health stayed ${last?.statusCode} (${last?.body}) instead of ${status}`);
  }

  it('reports the store DOWN with 503 within 5 s of Redis stopping, and UP again when it returns', async () => {
    await waitForHealth(200, 5000);
    redis!.kill('SIGKILL');
    const down = await waitForHealth(503, 5000);
    assert.deepEqual(JSON.parse(down.body).components, { db: { status: 'UP' }, store: { status: 'DOWN' } });
    await startRedis();
    await waitForHealth(200, 10_000);
  });
});

async function portOpen(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
