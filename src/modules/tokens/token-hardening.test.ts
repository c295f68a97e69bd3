import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, mintTokens } from '../../../test/helpers/users.ts';
import { generateSigningJwk } from './signing-keys.ts';
import { accessTokenSignedBy, appSigningWith, newSigningJwk } from '../../../test/helpers/tokens.ts';

/** A reverse proxy on this host, as nginx would be set up: it keeps Host and adds X-Forwarded-For. */
function startProxy(target: string): Promise<{ url: string; server: Server }> {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': '203.0.113.7' },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://localhost:${(server.address() as { port: number }).port}`, server });
    }),
  );
}

const refresh = (t: TestApp, refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });

for (const backend of backends) {
  describe(`token hardening (${backend.name})`, () => {
    let t: TestApp;
    let direct: string;
    let proxy: { url: string; server: Server };
    const clock = new TestClock();

    before(async () => {
      t = await buildTestApp(backend, {}, { clock });
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      direct = address.replace('127.0.0.1', 'localhost');
      proxy = await startProxy(address);
    });
    after(async () => {
      proxy.server.close();
      await t.close();
    });

    describe('dev token minting behind a local proxy', () => {
      const mint = (base: string, userId: string) =>
        fetch(`${base}/api/v1/auth/dev/tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId }),
        });

      it('is 401 through a proxy on 127.0.0.1 that passes Host: localhost on, and 200 without it', async () => {
        const user = await createUser(t.app);
        const proxied = await mint(proxy.url, user.id);
        assert.equal(proxied.status, 401);
        assert.equal(((await proxied.json()) as { code: string }).code, 'loopback_only');
        const straight = await mint(direct, user.id);
        assert.equal(straight.status, 200);
      });

      for (const header of ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip']) {
        it(`is 401 whenever ${header} is present, even from loopback`, async () => {
          const user = await createUser(t.app);
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/dev/tokens',
            headers: { host: 'localhost', [header]: header === 'forwarded' ? 'for=127.0.0.1' : '127.0.0.1' },
            payload: { userId: user.id },
          });
          assertProblem(response, 401, 'loopback_only');
        });
      }
    });

    it('answers every token-bearing response with Cache-Control: no-store', async () => {
      const user = await createUser(t.app);
      const minted = await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', payload: { userId: user.id } });
      assert.equal(minted.headers['cache-control'], 'no-store');
      const byBody = await refresh(t, user.refreshToken);
      assert.equal(byBody.statusCode, 200);
      assert.equal(byBody.headers['cache-control'], 'no-store');
      const byCookie = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies: { refresh_token: byBody.json().refreshToken } });
      assert.equal(byCookie.statusCode, 200);
      assert.equal(byCookie.headers['cache-control'], 'no-store');
    });

    it('logout with an already-rotated refresh token ends that family only, as a reuse', async () => {
      const user = await createUser(t.app);
      const otherSession = await mintTokens(t.app, user.id);
      const rotated = (await refresh(t, user.refreshToken)).json().refreshToken as string;
      // Past the grace in which the old token would still answer as a retry.
      clock.advance(t.config.jwt.refreshReuseGraceMs / 1000 + 1);
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: user.refreshToken } });
      assert.equal(response.statusCode, 200);
      // The family the old token belonged to is gone, its live successor included …
      assertProblem(await refresh(t, rotated), 401, 'invalid_refresh_token');
      // … but the owner's other session is untouched.
      assert.equal((await refresh(t, otherSession.refreshToken)).statusCode, 200);
    });
  });
}

describe('verification-only signing keys', () => {
  const backend = backends[0]!;

  it('verifies tokens of an old key given without its private part; only the first key needs one', async () => {
    const oldKey = await generateSigningJwk(new Date('2026-09-01T00:00:00Z'));
    const { d: _private, ...oldPublic } = oldKey;
    const newKey = await newSigningJwk('service-2026-11');
    const { t, published } = await appSigningWith(backend, [newKey, oldPublic]);
    try {
      assert.deepEqual(published, ['service-2026-11', oldKey.kid]);
      const user = await createUser(t.app);
      const oldSigned = await accessTokenSignedBy(oldKey, user.id);
      assert.equal((await t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${oldSigned}` } })).statusCode, 200);
    } finally {
      await t.close();
    }
    await assert.rejects(
      buildTestApp(backend, { JWT_SIGNING_KEYS: JSON.stringify({ keys: [oldPublic, newKey] }) }),
      /key 0 signs, so it needs its private part/,
    );
  });
});
