import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importJWK, type JWK } from 'jose';
import * as oidc from 'openid-client';
import { generateNationalClientKeys } from '../providers/index.ts';
import { DriveLoginError, TEST_USERS, driveLogin, startLocalProviders, type LocalProviders } from './index.ts';

// Nothing listens here: a request that reached it would fail, so every test proves none is made.
const REDIRECT = 'http://127.0.0.1:9/callback';
const ODD_CONNECTION = 'odd<b>&"connection';

describe('local identity providers', () => {
  let providers: LocalProviders;

  before(async () => {
    providers = await startLocalProviders({
      national: { redirectUris: [REDIRECT] },
      social: { redirectUris: [REDIRECT], connections: ['email', ODD_CONNECTION], connectionParam: 'login_with' },
    });
  });
  after(() => providers.close());

  /** openid-client speaking to the national provider with the given client authentication. */
  async function nationalClient(auth?: oidc.ClientAuth): Promise<oidc.Configuration> {
    const sig = (JSON.parse(providers.national.clientJwks) as { keys: JWK[] }).keys.find((jwk) => jwk.use === 'sig')!;
    const key = (await importJWK(sig, 'ES256')) as oidc.CryptoKey;
    return oidc.discovery(
      new URL(providers.national.issuer),
      providers.national.clientId,
      { id_token_signed_response_alg: 'ES256' },
      auth ?? oidc.PrivateKeyJwt({ key, kid: sig.kid! }),
      { execute: [oidc.allowInsecureRequests] },
    );
  }

  async function withDPoP(config: oidc.Configuration) {
    return { DPoP: oidc.getDPoPHandle(config, await oidc.randomDPoPKeyPair()) };
  }

  async function pkce() {
    const verifier = oidc.randomPKCECodeVerifier();
    return { verifier, params: { code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' } };
  }

  function refusal(status: number, error: string) {
    return (thrown: unknown) => {
      assert.ok(thrown instanceof oidc.ResponseBodyError, `expected the provider's error response, got ${String(thrown)}`);
      assert.equal(thrown.status, status);
      assert.equal(thrown.error, error);
      return true;
    };
  }

  describe('national', () => {
    it('advertises the FAPI 2.0 shaped profile in its discovery document', async () => {
      const metadata = (await nationalClient()).serverMetadata();
      assert.equal(metadata.issuer, providers.national.issuer);
      assert.equal(metadata.require_pushed_authorization_requests, true);
      assert.deepEqual(metadata.token_endpoint_auth_methods_supported, ['private_key_jwt']);
      assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
      assert.deepEqual(metadata.dpop_signing_alg_values_supported, ['ES256']);
      assert.deepEqual(metadata.id_token_signing_alg_values_supported, ['ES256']);
      assert.deepEqual(metadata.id_token_encryption_alg_values_supported, ['ECDH-ES', 'ECDH-ES+A128KW', 'ECDH-ES+A192KW', 'ECDH-ES+A256KW']);
      assert.deepEqual(metadata.id_token_encryption_enc_values_supported, ['A128GCM', 'A192GCM', 'A256GCM', 'A128CBC-HS256', 'A192CBC-HS384', 'A256CBC-HS512']);
      assert.equal(metadata.authorization_response_iss_parameter_supported, true);
    });

    it('refuses an authorization request that was not pushed', async () => {
      const config = await nationalClient();
      const { params } = await pkce();
      const url = oidc.buildAuthorizationUrl(config, { ...params, redirect_uri: REDIRECT, scope: 'openid', state: 'st', nonce: 'nn' });
      const response = await fetch(url, { redirect: 'manual' });
      assert.equal(response.status, 303);
      const callback = new URL(response.headers.get('location')!);
      assert.equal(callback.origin + callback.pathname, REDIRECT);
      assert.equal(callback.searchParams.get('error'), 'invalid_request');
      assert.match(callback.searchParams.get('error_description')!, /Pushed Authorization Request must be used/);
      assert.equal(callback.searchParams.has('code'), false);
    });

    it('refuses a pushed request without a DPoP proof', async () => {
      const config = await nationalClient();
      const { params } = await pkce();
      await assert.rejects(
        oidc.buildAuthorizationUrlWithPAR(config, { ...params, redirect_uri: REDIRECT, scope: 'openid' }),
        refusal(400, 'invalid_dpop_proof'),
      );
    });

    it('refuses client authentication other than private_key_jwt', async () => {
      const { params } = await pkce();
      for (const auth of [oidc.ClientSecretPost('a-guessed-secret'), oidc.None()]) {
        const config = await nationalClient(auth);
        await assert.rejects(
          oidc.buildAuthorizationUrlWithPAR(config, { ...params, redirect_uri: REDIRECT, scope: 'openid' }, await withDPoP(config)),
          refusal(401, 'invalid_client'),
        );
      }
    });

    it('refuses a pushed request without PKCE', async () => {
      const config = await nationalClient();
      await assert.rejects(
        oidc.buildAuthorizationUrlWithPAR(config, { redirect_uri: REDIRECT, scope: 'openid' }, await withDPoP(config)),
        refusal(400, 'invalid_request'),
      );
    });

    it('refuses the token request without DPoP, then issues to the bound key', async () => {
      const config = await nationalClient();
      const { verifier, params } = await pkce();
      const dpop = await withDPoP(config);
      const url = await oidc.buildAuthorizationUrlWithPAR(config, { ...params, redirect_uri: REDIRECT, scope: 'openid', state: 'st', nonce: 'nn' }, dpop);
      const callback = await driveLogin(url.href, 'alice');
      assert.equal(callback.searchParams.get('iss'), providers.national.issuer);
      const checks = { pkceCodeVerifier: verifier, expectedState: 'st', expectedNonce: 'nn' };

      oidc.enableDecryptingResponses(config, undefined, await encryptionKey());
      await assert.rejects(oidc.authorizationCodeGrant(config, callback, checks), refusal(400, 'invalid_grant'));
      const tokens = await oidc.authorizationCodeGrant(config, callback, checks, undefined, dpop);
      assert.equal(tokens.token_type, 'dpop');
      assert.equal(tokens.id_token?.split('.').length, 5, 'the ID token is a JWE');
      assert.ok(tokens.claims()?.sub);
    });

    async function encryptionKey(): Promise<oidc.DecryptionKey> {
      const enc = (JSON.parse(providers.national.clientJwks) as { keys: JWK[] }).keys.find((jwk) => jwk.use === 'enc')!;
      return { key: (await importJWK(enc, 'ECDH-ES')) as oidc.CryptoKey, alg: enc.alg!, kid: enc.kid! };
    }
  });

  describe('social', () => {
    function authorizationUrl(extra: Record<string, string>): URL {
      const url = new URL(`${providers.social.issuer}/auth`);
      url.search = new URLSearchParams({
        client_id: providers.social.clientId,
        response_type: 'code',
        redirect_uri: REDIRECT,
        scope: 'openid profile email',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: 'st',
        ...extra,
      }).toString();
      return url;
    }

    it('refuses a connection it does not offer', async () => {
      const response = await fetch(authorizationUrl({ login_with: 'myspace' }), { redirect: 'manual' });
      const callback = new URL(response.headers.get('location')!);
      assert.equal(callback.searchParams.get('error'), 'invalid_request');
      assert.equal(callback.searchParams.has('code'), false);
    });

    it('shows the test users and the chosen connection, escaped', async () => {
      const first = await fetch(authorizationUrl({ login_with: ODD_CONNECTION }), { redirect: 'manual' });
      const page = await fetch(new URL(first.headers.get('location')!, first.url), {
        headers: {
          cookie: first.headers
            .getSetCookie()
            .map((cookie) => cookie.split(';')[0])
            .join('; '),
        },
      });
      assert.equal(page.status, 200);
      const html = await page.text();
      for (const user of TEST_USERS) assert.ok(html.includes(`value="${user.username}"`));
      assert.ok(html.includes('odd&#60;b&#62;&#38;&#34;connection'));
      assert.equal(html.includes('<b>'), false);
    });

    it('puts the connection and profile into the ID token, with client_secret_post too', async () => {
      const config = await oidc.discovery(
        new URL(providers.social.issuer),
        providers.social.clientId,
        undefined,
        oidc.ClientSecretPost(providers.social.clientSecret),
        { execute: [oidc.allowInsecureRequests] },
      );
      const verifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: 'openid profile email',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: 'st',
        nonce: 'nn',
        login_with: 'email',
      });
      const callback = await driveLogin(url.href, 'Dana.Q');
      const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: 'st', expectedNonce: 'nn' });
      const claims = tokens.claims()!;
      assert.equal(claims.connection, 'email');
      assert.equal(claims.name, 'dana.q');
      assert.equal(claims.email, 'dana.q@social.example.test');
    });

    it('answers a malformed username with the form again', async () => {
      await assert.rejects(
        driveLogin(authorizationUrl({ login_with: 'email' }).href, 'not a name!'),
        (error: unknown) => error instanceof DriveLoginError && error.status === 400 && /Use 1 to 64 letters/.test(error.message),
      );
    });

    it('refuses wrong-encryption, which only applies to encrypted ID tokens', () => {
      assert.throws(() => providers.setMisbehaviour('social', 'wrong-encryption'), TypeError);
    });
  });

  it('refuses an ID-token encryption setting the registered key cannot serve', async () => {
    const { privateJwks } = await generateNationalClientKeys({ alg: 'ECDH-ES+A128KW', crv: 'P-384' });
    const social = { redirectUris: [REDIRECT], connections: ['email'], connectionParam: 'connection' };
    for (const [idTokenEncryption, message] of [
      [{ alg: 'ECDH-ES' }, /is for ECDH-ES\+A128KW, not ECDH-ES$/],
      [{ kid: 'not-a-key' }, /no enc key not-a-key/],
    ] as const) {
      await assert.rejects(startLocalProviders({ national: { redirectUris: [REDIRECT], clientJwks: privateJwks, idTokenEncryption }, social }), message);
    }
  });

  it('answers 404 outside the two issuers', async () => {
    const response = await fetch(new URL('/elsewhere', providers.national.issuer));
    assert.equal(response.status, 404);
  });
});
