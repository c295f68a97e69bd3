import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/users.ts';
import { freePort, startServer, STARTUP_WAIT_MS, waitHealthy } from '../../../test/helpers/server-process.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PUBLIC_READ = '/api/v1/activities';

for (const backend of backends) {
  describe(`rate limits (${backend.name})`, () => {
    const t = appSuite(backend);

    const read = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ url: PUBLIC_READ, remoteAddress, headers });

    it('lets an anonymous address make 60 public reads a minute; the 61st is 429 with Retry-After', async () => {
      for (let i = 1; i <= 60; i++) {
        const response = await read('198.51.100.1');
        assert.equal(response.statusCode, 200, `request ${i}`);
        assert.equal(response.headers['ratelimit-limit'], '60');
        assert.equal(response.headers['ratelimit-remaining'], String(60 - i));
      }
      const limited = await read('198.51.100.1');
      assertProblem(limited, 429, 'rate_limited');
      const retryAfter = Number(limited.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      assert.equal(limited.headers['ratelimit-remaining'], '0');
      assert.equal((await read('198.51.100.2')).statusCode, 200, 'another address has its own budget');
    });

    it('gives a signed-in user 240 a minute, whatever their address has used', async () => {
      const user = await createUser(t.app);
      const address = '198.51.100.1';
      for (let i = 1; i <= 240; i++) {
        const response = await read(address, user.auth);
        assert.equal(response.statusCode, 200, `request ${i}`);
      }
      const limited = await read(address, user.auth);
      assertProblem(limited, 429, 'rate_limited');
      assert.equal(limited.headers['ratelimit-limit'], '240');
    });

    it('counts IPv6 clients by their /64: every address in it shares one budget', async () => {
      for (let i = 1; i <= 60; i++) assert.equal((await read(`2001:db8:1:2::${i.toString(16)}`)).statusCode, 200, `request ${i}`);
      assertProblem(await read('2001:db8:1:2:ffff:ffff:ffff:9'), 429, 'rate_limited');
      assert.equal((await read('2001:db8:1:3::1')).statusCode, 200, 'the next /64 has its own budget');
    });

    it('limits sign-in starts and callbacks together to 30 a minute per address', async () => {
      const address = '198.51.100.30';
      for (let i = 1; i <= 30; i++) {
        const url = i % 2 ? '/api/v1/auth/login/social?provider=email' : '/callback/social?code=x&state=unknown';
        const response = await t.app.inject({ url, remoteAddress: address });
        assert.notEqual(response.statusCode, 429, `request ${i}`);
        assert.equal(response.headers['ratelimit-limit'], '30');
      }
      for (const url of ['/api/v1/auth/login/national', '/callback/national?code=x&state=y']) {
        assertProblem(await t.app.inject({ url, remoteAddress: address }), 429, 'rate_limited');
      }
      assert.notEqual((await t.app.inject({ url: '/api/v1/auth/login/national', remoteAddress: '198.51.100.31' })).statusCode, 429);
      assert.equal((await read(address)).statusCode, 200, 'public reads keep their own budget');
    });

    it('does not limit endpoints outside the public-read list', async () => {
      for (let i = 0; i < 70; i++) assert.equal((await t.app.inject({ url: '/api/v1/public/health', remoteAddress: '198.51.100.1' })).statusCode, 200);
    });
  });
}

describe('rate limits behind a trusted proxy (TRUST_PROXY as a hop count)', () => {
  it('keys on the address the proxy saw, not the left-most entry the client wrote', async () => {
    const t = await buildTestApp(backends[0]!, { TRUST_PROXY: '1', RATE_LIMIT_PUBLIC_ANON: '3' });
    try {
      const read = (forwardedFor: string) => t.app.inject({ url: PUBLIC_READ, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
      for (let i = 1; i <= 3; i++) assert.equal((await read(`192.0.2.${i}, 198.51.100.77`)).statusCode, 200);
      assertProblem(await read('192.0.2.99, 198.51.100.77'), 429, 'rate_limited');
      assert.equal((await read('198.51.100.78')).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});

const redisBackend = backends.find((b) => b.redisUrl);
describe('rate limits across instances', { skip: !redisBackend && 'needs Redis (TEST_REDIS_URL)' }, () => {
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    // Two service instances on one Redis, as in production.
    const prefix = `shared:${randomBytes(4).toString('hex')}:`;
    a = await buildTestApp(redisBackend!, {}, { storeKeyPrefix: prefix });
    b = await buildTestApp(redisBackend!, {}, { storeKeyPrefix: prefix });
  });
  after(async () => {
    await a.close();
    await b.close();
  });

  it('shares one budget between two instances', async () => {
    for (let i = 0; i < 30; i++) {
      assert.equal((await a.app.inject({ url: PUBLIC_READ, remoteAddress: '203.0.113.5' })).statusCode, 200);
      assert.equal((await b.app.inject({ url: PUBLIC_READ, remoteAddress: '203.0.113.5' })).statusCode, 200);
    }
    assertProblem(await a.app.inject({ url: PUBLIC_READ, remoteAddress: '203.0.113.5' }), 429);
    assertProblem(await b.app.inject({ url: PUBLIC_READ, remoteAddress: '203.0.113.5' }), 429);
  });
});

describe('rate limits across service processes', { skip: !redisBackend && 'needs PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL)' }, () => {
  it('shares one budget between two separate server processes on one Redis', async () => {
    const database = await redisBackend!.freshDatabase();
    const ports = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisBackend!.redisUrl!,
      RATE_LIMIT_PUBLIC_ANON: '10',
      JOBS_ENABLED: 'false',
    };
    const servers = ports.map((port) => startServer({ ...env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'svc-rl-')) }));
    try {
      await Promise.all(ports.map((port) => waitHealthy(`http://127.0.0.1:${port}`, STARTUP_WAIT_MS)));
      // Real processes see the real loopback address, whose budget an earlier run may have used:
      // count down from whatever is left.
      const first = await fetch(`http://127.0.0.1:${ports[0]}${PUBLIC_READ}`);
      let remaining = Number(first.headers.get('ratelimit-remaining'));
      for (let i = 0; remaining > 0; i++) {
        const response = await fetch(`http://127.0.0.1:${ports[i % 2]!}${PUBLIC_READ}`);
        assert.equal(response.status, 200);
        assert.equal(Number(response.headers.get('ratelimit-remaining')), remaining - 1, 'both processes count down one budget');
        remaining -= 1;
      }
      for (const port of ports) assert.equal((await fetch(`http://127.0.0.1:${port}${PUBLIC_READ}`)).status, 429);
    } finally {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited()));
      await database.drop();
    }
  });
});
