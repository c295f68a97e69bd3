import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { backends, type Backend } from '../../../test/helpers/backends.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../../../test/helpers/games.ts';
import { httpApp } from '../../../test/helpers/http-app.ts';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../../../test/helpers/otlp-receiver.ts';
import { freePort, runJobOver, startServer, STARTUP_WAIT_MS, waitHealthy } from '../../../test/helpers/server-process.ts';
import { INTERNAL_SECRET } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/users.ts';

/**
 * The real entry point as a process with OTEL_EXPORTER_OTLP_ENDPOINT naming a local OTLP/HTTP
 * receiver. Stopped with SIGTERM before the spans are read: its shutdown sends what is buffered.
 */
const SERVER_SPAN = 2;
const WAIT_MS = 30_000;

async function withService(backend: Backend, extraEnv: Record<string, string>, work: (base: string) => Promise<void>): Promise<string> {
  const database = await backend.freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-traces-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({
    APP_PROFILE: 'test',
    PORT: String(port),
    DATA_DIR: dataDir,
    INTERNAL_SECRET,
    AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true',
    JOBS_ENABLED: 'false',
    // Every request reads its user from the database, so each one has a pg span on PostgreSQL.
    ACCESS_USER_CACHE_MS: '0',
    ...(backend.redisUrl ? { DATABASE_URL: database.url, REDIS_URL: backend.redisUrl } : {}),
    ...extraEnv,
  });
  try {
    await waitHealthy(base, STARTUP_WAIT_MS);
    await work(base);
  } finally {
    server.child.kill('SIGTERM');
    const code = await server.exited();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    assert.equal(code, 0, server.output());
  }
  return server.output();
}

/** The spans of one trace, checked to hang from one root: the service's span for the request. */
function traceOf(receiver: OtlpReceiver, traceId: string): { root: ReceivedSpan; spans: ReceivedSpan[] } {
  const spans = receiver.spans.filter((span) => span.traceId === traceId);
  const roots = spans.filter((span) => span.parentSpanId === '');
  assert.equal(roots.length, 1, `one root in trace ${traceId}: ${JSON.stringify(spans.map((span) => span.name))}`);
  const ids = new Set(spans.map((span) => span.spanId));
  for (const span of spans) if (span !== roots[0]) assert.ok(ids.has(span.parentSpanId), `${span.name} hangs under a span of the same trace`);
  return { root: roots[0]!, spans };
}

const scopes = (spans: ReceivedSpan[]) => new Set(spans.map((span) => span.scope.replace('@opentelemetry/', '')));

for (const backend of backends) {
  describe(`traces (${backend.name})`, () => {
    it('one trace per request with the service, pg and ioredis spans under it; the request id is its trace id; no token or e-mail anywhere', async () => {
      const receiver = await startOtlpReceiver();
      const email = `traced.${randomUUID()}@example.org`;
      const secrets: string[] = [email, INTERNAL_SECRET, '+65 9123 4567'];
      const calendarToken = `feed${randomUUID().replaceAll('-', '')}`;
      const shareCode = 'Zq7Wx2Lp';
      const queryToken = `q${randomUUID().replaceAll('-', '')}`;
      const deviceToken = `device-${randomUUID()}`;
      secrets.push(calendarToken, shareCode, queryToken, deviceToken);
      const requestIds: Record<string, string> = {};
      try {
        await withService(backend, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'traced-service' }, async (base) => {
          const app = httpApp(base);
          const admin = await createUser(app, { admin: true, email });
          const host = await onboardedUser(app, 'Host Traced');
          secrets.push(admin.accessToken, admin.refreshToken, host.accessToken, host.refreshToken);
          const device = await fetch(`${base}/api/v1/device-tokens`, {
            method: 'POST',
            headers: { ...host.auth, 'content-type': 'application/json' },
            body: JSON.stringify({ deviceToken, platform: 'ANDROID' }),
          });
          assert.equal(device.status, 201, await device.text());
          requestIds.device = device.headers.get('x-request-id')!;
          const calendar = await fetch(`${base}/api/v1/calendar/${calendarToken}`);
          requestIds.calendar = calendar.headers.get('x-request-id')!;
          const share = await fetch(`${base}/games/${shareCode}?token=${queryToken}`);
          requestIds.share = share.headers.get('x-request-id')!;
          // A caller's own sane X-Request-Id is kept (the contract), and the trace is still one.
          const given = await fetch(`${base}/api/v1/me`, { headers: { ...host.auth, 'x-request-id': 'caller-chosen-id' } });
          assert.equal(given.headers.get('x-request-id'), 'caller-chosen-id');
          // A push to the host's phone (someone joins their game), and a job run.
          const sport = await createSport(app, admin, { name: 'Traced ball' });
          const game = await createGame(app, host, gameBody(sport, new Date(), 48, { slots: 5 }));
          const player = await createUser(app);
          secrets.push(player.accessToken);
          const joined = await app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth });
          assert.equal(joined.statusCode, 201, joined.body);
          await runJobOver(base, 'cleanup', INTERNAL_SECRET);
          const started = Date.now();
          while (!receiver.spans.some((span) => span.name === 'push send') && Date.now() - started < WAIT_MS) {
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        });

        for (const [name, id] of Object.entries(requestIds)) assert.match(id, /^[0-9a-f]{32}$/, `${name}: the request id is a trace id`);
        const device = traceOf(receiver, requestIds.device!);
        assert.equal(device.root.kind, SERVER_SPAN);
        assert.equal(device.root.service, 'traced-service');
        const seen = scopes(device.spans);
        assert.ok(seen.has('instrumentation-http') && seen.has('instrumentation-fastify'), [...seen].join());
        if (backend.redisUrl) {
          assert.ok(seen.has('instrumentation-pg'), `pg spans under the request: ${[...seen].join()}`);
          assert.ok(seen.has('instrumentation-ioredis'), `ioredis spans under the request: ${[...seen].join()}`);
          const redis = device.spans.find((span) => span.scope.endsWith('instrumentation-ioredis'))!;
          assert.doesNotMatch(JSON.stringify(redis.attributes), /[0-9a-f]{8}-[0-9a-f]{4}/, 'no key (an id) in a Redis span');
        }

        const calendar = traceOf(receiver, requestIds.calendar!);
        const calendarUrl = Object.values(calendar.root.attributes).find((value) => value.includes('/api/v1/calendar/'));
        assert.equal(calendarUrl?.endsWith('/api/v1/calendar/[REDACTED]'), true, `the feed token is masked: ${calendarUrl}`);
        const share = traceOf(receiver, requestIds.share!);
        const shareUrl = Object.values(share.root.attributes).find((value) => value.includes('/games/'));
        assert.equal(shareUrl?.endsWith('/games/[REDACTED]'), true, `the share code is masked and the query dropped: ${shareUrl}`);

        const serverSpans = receiver.spans.filter((span) => span.kind === SERVER_SPAN);
        assert.equal(new Set(serverSpans.map((span) => span.traceId)).size, serverSpans.length, 'no two requests share a trace');

        const job = receiver.spans.find((span) => span.name === 'job cleanup');
        assert.ok(job, 'the job run is a span');
        assert.equal(job.attributes['job.name'], 'cleanup');
        const push = receiver.spans.find((span) => span.name === 'push send');
        assert.ok(push, 'the push sent is a span');
        assert.equal(push.parentSpanId, '', 'a push is a trace of its own');
        if (backend.redisUrl) assert.ok(receiver.spans.some((span) => span.traceId === push.traceId && span.scope.endsWith('instrumentation-pg')));

        for (const body of receiver.bodies) {
          for (const secret of secrets) assert.equal(body.includes(secret), false, `an export carried ${secret.slice(0, 12)}…`);
        }
      } finally {
        await receiver.close();
      }
    });
  });
}

describe('traces off', () => {
  it('without OTEL_EXPORTER_OTLP_ENDPOINT nothing is sent, even with the other OTEL_* variables set, and request ids are not trace ids', async () => {
    const receiver = await startOtlpReceiver();
    let connections: number;
    try {
      await withService(
        backends[0]!,
        { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`, OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'untraced' },
        async (base) => {
          const response = await fetch(`${base}/api/v1/public/health`);
          assert.match(response.headers.get('x-request-id')!, /^[0-9a-f]{8}-[0-9a-f]{4}-/, 'a generated UUID');
        },
      );
      connections = receiver.requests.length;
    } finally {
      await receiver.close();
    }
    assert.equal(connections, 0);
  });
});
