import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRemoteJWKSet, decodeJwt, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, mintTokens, type TestUser } from '../../../test/helpers/users.ts';
import { generateSigningJwk } from './signing-keys.ts';

const SEED_CLAIMS = ['aud', 'auth_provider', 'exp', 'iat', 'iss', 'nbf', 'sub'];

for (const backend of backends) {
  describe(`tokens (${backend.name})`, () => {
    let t: TestApp;
    let signingJwk: JWK;
    let baseUrl: string;
    const clock = new TestClock();

    before(async () => {
      signingJwk = await generateSigningJwk();
      t = await buildTestApp(backend, { JWT_SIGNING_KEYS: JSON.stringify({ keys: [signingJwk] }) }, { clock });
      baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => t.close());

    /** Signs arbitrary claims with the service's own key, to probe each rule on its own. */
    async function forge(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
      const key = await importJWK(signingJwk, 'ES256');
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ iss: 'service', aud: 'service', iat: now, nbf: now, exp: now + 900, auth_provider: 'social', ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: signingJwk.kid, ...header })
        .sign(key);
    }

    const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });

    describe('JWKS', () => {
      it("publishes the public key in the seed's shape, with caching headers", async () => {
        const response = await t.app.inject({ url: '/.well-known/jwks.json' });
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers['cache-control'], 'public, max-age=300');
        const { keys } = response.json();
        assert.equal(keys.length, 1);
        assert.deepEqual(Object.keys(keys[0]).sort(), ['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
        assert.deepEqual({ kty: keys[0].kty, crv: keys[0].crv, use: keys[0].use, alg: keys[0].alg }, { kty: 'EC', crv: 'P-256', use: 'sig', alg: 'ES256' });
        assert.match(keys[0].kid, /^service-\d{4}-\d{2}$/);
        const etag = String(response.headers.etag);
        const again = await t.app.inject({ url: '/.well-known/jwks.json', headers: { 'if-none-match': etag } });
        assert.equal(again.statusCode, 304);
        assert.equal(again.body, '');
      });

      it('answers 304 to a weak validator, a list naming the current tag, and *; 200 to another tag', async () => {
        const etag = String((await t.app.inject({ url: '/.well-known/jwks.json' })).headers.etag);
        const status = async (ifNoneMatch: string) =>
          (await t.app.inject({ url: '/.well-known/jwks.json', headers: { 'if-none-match': ifNoneMatch } })).statusCode;
        assert.equal(await status(`W/${etag}`), 304, 'RFC 9110: If-None-Match compares weakly');
        assert.equal(await status(`"something-else", W/${etag}`), 304);
        assert.equal(await status('*'), 304);
        assert.equal(await status('"something-else"'), 200);
        assert.equal(await status(`W/"x${etag.slice(1)}`), 200);
      });

      it("verifies a dev-minted token with an independent verifier, carrying exactly the seed's claims", async () => {
        const user = await createUser(t.app, { provider: 'national', subject: 'nat-123' });
        const jwks = createRemoteJWKSet(new URL(`${baseUrl}/.well-known/jwks.json`));
        const { payload, protectedHeader } = await jwtVerify(user.accessToken, jwks, { issuer: 'service', audience: 'service', currentDate: clock.now() });
        assert.equal(protectedHeader.alg, 'ES256');
        assert.deepEqual(Object.keys(payload).sort(), [...SEED_CLAIMS, 'national_uuid'].sort());
        assert.equal(payload.sub, user.id);
        assert.equal(payload.auth_provider, 'national');
        assert.equal(payload.national_uuid, 'nat-123');
        assert.equal(payload.exp! - payload.iat!, 900);
        const social = await createUser(t.app, { provider: 'social', subject: 'soc-9' });
        const socialClaims = decodeJwt(social.accessToken);
        assert.deepEqual(Object.keys(socialClaims).sort(), [...SEED_CLAIMS, 'social_uuid'].sort());
        assert.equal(socialClaims.social_uuid, 'soc-9');
      });
    });

    describe('access token verification', () => {
      let user: TestUser;
      before(async () => {
        user = await createUser(t.app);
      });

      it('accepts the three audiences, by header and by cookie', async () => {
        for (const aud of ['service', 'service:web', 'service:mobile']) {
          assert.equal((await me(await forge({ sub: user.id, aud }))).statusCode, 200, aud);
        }
        const viaCookie = await t.app.inject({ url: '/api/v1/me', cookies: { access_token: user.accessToken } });
        assert.equal(viaCookie.statusCode, 200);
      });

      it('prefers the header over the cookie', async () => {
        const response = await t.app.inject({
          url: '/api/v1/me',
          headers: { authorization: 'Bearer not-a-token' },
          cookies: { access_token: user.accessToken },
        });
        assertProblem(response, 401);
      });

      it('rejects every broken token with 401 and WWW-Authenticate: Bearer', async () => {
        const now = Math.floor(clock.now().getTime() / 1000);
        const rogue = await generateKeyPair('ES256', { extractable: true });
        const publicJwkText = JSON.stringify((await t.app.inject({ url: '/.well-known/jwks.json' })).json().keys[0]);
        const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const cases: Record<string, string> = {
          'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.id, iss: 'service', aud: 'service', exp: now + 900, iat: now, nbf: now, auth_provider: 'social' })}.`,
          'HS256 keyed with the public key': await new SignJWT({ sub: user.id, iss: 'service', aud: 'service', auth_provider: 'social' })
            .setProtectedHeader({ alg: 'HS256', kid: signingJwk.kid })
            .setIssuedAt(now)
            .setNotBefore(now)
            .setExpirationTime(now + 900)
            .sign(new TextEncoder().encode(publicJwkText)),
          'unknown kid': await new SignJWT({ sub: user.id, iss: 'service', aud: 'service', auth_provider: 'social' })
            .setProtectedHeader({ alg: 'ES256', kid: 'service-1999-01' })
            .setIssuedAt(now)
            .setNotBefore(now)
            .setExpirationTime(now + 900)
            .sign(rogue.privateKey),
          'right kid, wrong key': await new SignJWT({ sub: user.id, iss: 'service', aud: 'service', auth_provider: 'social' })
            .setProtectedHeader({ alg: 'ES256', kid: signingJwk.kid! })
            .setIssuedAt(now)
            .setNotBefore(now)
            .setExpirationTime(now + 900)
            .sign(rogue.privateKey),
          'wrong issuer': await forge({ sub: user.id, iss: 'someone-else' }),
          'foreign audience': await forge({ sub: user.id, aud: 'service:admin' }),
          'expired beyond the skew': await forge({ sub: user.id, exp: now - 31 }),
          'not yet valid beyond the skew': await forge({ sub: user.id, nbf: now + 31 }),
          malformed: 'abc.def.ghi',
          'subject that is no user': await forge({ sub: '00000000-0000-4000-8000-000000000000' }),
          'subject that is not a uuid': await forge({ sub: 'admin' }),
        };
        for (const [name, token] of Object.entries(cases)) {
          const response = await me(token);
          assertProblem(response, 401);
          assert.equal(response.headers['www-authenticate'], 'Bearer', name);
        }
        assert.equal((await me(await forge({ sub: user.id, exp: now - 20 }))).statusCode, 200, 'within the 30 s skew');
      });

      it('stops accepting a token once the clock passes its expiry', async () => {
        const fresh = await createUser(t.app);
        assert.equal((await me(fresh.accessToken)).statusCode, 200);
        clock.advance(900 + 31);
        try {
          assertProblem(await me(fresh.accessToken), 401);
        } finally {
          clock.advance(-(900 + 31));
        }
      });

      it('answers 401 to an anonymous call of an authenticated route', async () => {
        const response = await t.app.inject({ url: '/api/v1/me' });
        assertProblem(response, 401, 'authentication_required');
        assert.equal(response.headers['www-authenticate'], 'Bearer');
      });
    });

    describe('refresh', () => {
      it('rotates a body token: the new pair works, the old token does not', async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } });
        assert.equal(response.statusCode, 200);
        const pair = response.json();
        assert.deepEqual(Object.keys(pair).sort(), ['accessToken', 'expiresAt', 'refreshToken']);
        // Whose and which family (the address of its keys), then the secret.
        assert.match(pair.refreshToken, new RegExp(`^${user.id}\\.[0-9a-f-]{36}\\.[A-Za-z0-9_-]{43}$`));
        assert.equal(pair.expiresAt, Math.floor(clock.now().getTime() / 1000) + 900);
        assert.equal((await me(pair.accessToken)).statusCode, 200);
        assertProblem(
          await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } }),
          401,
          'invalid_refresh_token',
        );
      });

      it("lets exactly one of 100 concurrent refreshes win, and a later reuse revokes the winner's token", async () => {
        const user = await createUser(t.app);
        const responses = await Promise.all(
          Array.from({ length: 100 }, () => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } })),
        );
        const winners = responses.filter((r) => r.statusCode === 200);
        assert.equal(winners.length, 1);
        for (const loser of responses.filter((r) => r.statusCode !== 200)) assertProblem(loser, 401, 'invalid_refresh_token');
        const winnerToken = winners[0]!.json().refreshToken;
        assertProblem(
          await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } }),
          401,
          'invalid_refresh_token',
        );
        assertProblem(
          await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: winnerToken } }),
          401,
          'invalid_refresh_token',
        );
      });

      it("rotates a cookie token and re-sets the three cookies with the seed's attributes", async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies: { refresh_token: user.refreshToken } });
        assert.equal(response.statusCode, 200);
        assert.deepEqual(Object.keys(response.json()), ['message']);
        const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
        assert.deepEqual(Object.keys(cookies).sort(), ['access_token', 'refresh_token', 'token_expiry']);
        assert.deepEqual(
          [cookies.access_token!.httpOnly, cookies.access_token!.sameSite, cookies.access_token!.maxAge, cookies.access_token!.path],
          [true, 'Strict', 900, '/'],
        );
        assert.deepEqual(
          [cookies.refresh_token!.httpOnly, cookies.refresh_token!.sameSite, cookies.refresh_token!.maxAge, cookies.refresh_token!.path],
          [true, 'Strict', 604800, '/api/v1/auth'],
        );
        assert.deepEqual(
          [cookies.token_expiry!.httpOnly, cookies.token_expiry!.sameSite, cookies.token_expiry!.maxAge, cookies.token_expiry!.path],
          [undefined, 'Strict', 900, '/'],
        );
        assert.equal(Number(cookies.token_expiry!.value), decodeJwt(cookies.access_token!.value).exp);
        assert.equal(cookies.access_token!.secure, undefined, 'http BASE_URL: not Secure');
        assert.equal((await me(cookies.access_token!.value)).statusCode, 200);
      });

      it('prefers the body over the cookie, and wants one of them', async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/refresh',
          payload: { refreshToken: 'unknown' },
          cookies: { refresh_token: user.refreshToken },
        });
        assertProblem(response, 401, 'invalid_refresh_token');
        assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh' }), 401, 'invalid_refresh_token');
        assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: {} }), 401, 'invalid_refresh_token');
      });
    });

    describe('an empty body with a JSON content type', () => {
      const json = { 'content-type': 'application/json' };

      it('is no body on refresh: the cookie is used', async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/refresh',
          headers: json,
          payload: '',
          cookies: { refresh_token: user.refreshToken },
        });
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(Object.keys(response.json()), ['message']);
        assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: json, payload: '' }), 401, 'invalid_refresh_token');
      });

      it('is no body on logout: the cookie names the user', async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/logout',
          headers: json,
          payload: '',
          cookies: { refresh_token: user.refreshToken },
        });
        assert.equal(response.statusCode, 200, response.body);
        assertProblem(
          await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } }),
          401,
          'invalid_refresh_token',
        );
      });

      it('is a missing body where one is required (400 validation_failed), and bad JSON stays invalid_json', async () => {
        const problem = assertProblem(
          await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', headers: json, payload: '' }),
          400,
          'validation_failed',
        );
        assert.equal(problem.errors[0].location, 'body');
        assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: json, payload: ' ' }), 400, 'invalid_json');
        assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: json, payload: '{' }), 400, 'invalid_json');
      });
    });

    describe('logout', () => {
      it('revokes every refresh token of the user and clears the cookies', async () => {
        const user = await createUser(t.app);
        const second = await mintTokens(t.app, user.id);
        const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.auth });
        assert.equal(response.statusCode, 200);
        assert.equal(typeof response.json().message, 'string');
        for (const refreshToken of [user.refreshToken, second.refreshToken]) {
          assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } }), 401, 'invalid_refresh_token');
        }
        const cleared = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
        assert.deepEqual(Object.keys(cleared).sort(), ['access_token', 'refresh_token', 'token_expiry']);
        for (const cookie of Object.values(cleared)) {
          assert.equal(cookie.value, '');
          assert.ok(cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now()), `${cookie.name} expires`);
          assert.equal(cookie.sameSite, 'Strict');
        }
        assert.equal(cleared.refresh_token!.path, '/api/v1/auth');
        assert.equal(cleared.access_token!.httpOnly, true);
      });

      it('finds the user from a refresh token alone, and answers 200 with no credentials', async () => {
        const user = await createUser(t.app);
        assert.equal((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { refresh_token: user.refreshToken } })).statusCode, 200);
        assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } }), 401);
        assert.equal((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode, 200);
      });
    });

    describe('dev tokens', () => {
      it('refuses a non-loopback Host with 401', async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', headers: { host: 'example.com' }, payload: { userId: user.id } });
        assertProblem(response, 401);
      });

      it('refuses a loopback Host from a non-loopback peer with 401', async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/dev/tokens',
          remoteAddress: '203.0.113.9',
          headers: { host: 'localhost' },
          payload: { userId: user.id },
        });
        assertProblem(response, 401);
      });

      it('answers an unknown user with 404 and a bad body with 400 errors', async () => {
        assertProblem(
          await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', payload: { userId: '00000000-0000-4000-8000-000000000000' } }),
          404,
          'user_not_found',
        );
        for (const payload of [{}, { userId: 'nope' }, { userId: 42 }]) {
          const body = assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', payload }), 400, 'validation_failed');
          assert.equal(body.errors[0].field, 'userId');
          assert.equal(body.errors[0].location, 'body');
        }
      });

      it('answers over real HTTP from 127.0.0.1 with an enveloped pair', async () => {
        const user = await createUser(t.app);
        const response = await fetch(`${baseUrl}/api/v1/auth/dev/tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId: user.id }),
        });
        assert.equal(response.status, 200);
        const body = (await response.json()) as { success: boolean; path: string; data: object };
        assert.equal(body.success, true);
        assert.equal(body.path, '/api/v1/auth/dev/tokens');
        assert.deepEqual(Object.keys(body.data).sort(), ['accessToken', 'expiresAt', 'refreshToken']);
      });
    });
  });
}

describe('dev tokens when switched off', () => {
  const backend = backends[0]!;

  it('is 404 when the flag is false (401 to a non-loopback peer, as when it is on)', async () => {
    const t = await buildTestApp(backend, { AUTH_DEV_MINT_ENDPOINT_ENABLED: 'false' });
    try {
      assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', payload: { userId: '00000000-0000-4000-8000-000000000000' } }), 404);
      const remote = {
        method: 'POST',
        url: '/api/v1/auth/dev/tokens',
        remoteAddress: '203.0.113.9',
        payload: { userId: '00000000-0000-4000-8000-000000000000' },
      } as const;
      assertProblem(await t.app.inject(remote), 401);
    } finally {
      await t.close();
    }
  });

  it('is 404 in production even with the flag on', async () => {
    const jwk = await generateSigningJwk();
    const t = await buildTestApp(backend, {
      APP_PROFILE: 'production',
      BASE_URL: 'https://api.example.com',
      AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true',
      JWT_SIGNING_KEYS: JSON.stringify({ keys: [jwk] }),
    });
    try {
      assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', payload: { userId: '00000000-0000-4000-8000-000000000000' } }), 404);
    } finally {
      await t.close();
    }
  });
});

describe('signing key rotation', () => {
  it('keeps old tokens valid while their key is still published', async () => {
    const backend = backends[0]!;
    const oldKey = await generateSigningJwk(new Date('2026-10-01T00:00:00Z'));
    const newKey = {
      ...(await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey)),
      kid: 'service-2026-11',
      alg: 'ES256',
      use: 'sig',
    };
    const rotated = await buildTestApp(backend, { JWT_SIGNING_KEYS: JSON.stringify({ keys: [newKey, oldKey] }) });
    try {
      const jwks = (await rotated.app.inject({ url: '/.well-known/jwks.json' })).json();
      assert.deepEqual(
        jwks.keys.map((k: JWK) => k.kid),
        ['service-2026-11', oldKey.kid],
      );
      const fresh = await createUser(rotated.app);
      assert.equal(decodeJwt(fresh.accessToken).sub, fresh.id);
      assert.equal(JSON.parse(Buffer.from(fresh.accessToken.split('.')[0]!, 'base64url').toString()).kid, 'service-2026-11');
      // A token signed by the old key, still published, verifies.
      const oldSigned = await new SignJWT({ auth_provider: 'social' })
        .setProtectedHeader({ alg: 'ES256', kid: oldKey.kid! })
        .setSubject(fresh.id)
        .setIssuer('service')
        .setAudience('service')
        .setIssuedAt()
        .setNotBefore('0s')
        .setExpirationTime('10m')
        .sign(await importJWK(oldKey, 'ES256'));
      assert.equal((await rotated.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${oldSigned}` } })).statusCode, 200);
    } finally {
      await rotated.close();
    }
  });
});
