import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRemoteJWKSet, decodeJwt, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';
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
  });
}
