import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { JWK } from 'jose';
import { backends } from '../../../../test/helpers/backends.ts';
import { startRogueProvider, type Fault, type RogueProvider } from '../../../../test/helpers/rogue-provider.ts';
import { finishWebLogin, serviceOnPort, signedInAs, startWebLogin, userExists, type ServiceOnPort } from '../../../../test/helpers/sign-in.ts';
import { generateNationalClientKeys } from './index.ts';

type Provider = 'national' | 'social';
type Outcome = 'signs in' | { status: number; code: string };

const PROVIDER_ERROR = { status: 502, code: 'provider_error' };

/**
 * The relying-party cases of the OpenID Foundation's FAPI 2.0 client test plan, and what guards
 * each one in this client (the last column; see docs/sign-in.md).
 */
const CASES: Array<{ fault: Fault; outcome: Outcome; only?: Provider; guard: string }> = [
  { fault: 'nonce-wrong', outcome: PROVIDER_ERROR, guard: 'openid-client: expectedNonce' },
  { fault: 'nonce-missing', outcome: PROVIDER_ERROR, guard: 'openid-client: expectedNonce' },
  { fault: 'iss-wrong', outcome: PROVIDER_ERROR, guard: 'openid-client: iss equals the discovered issuer' },
  { fault: 'iss-missing', outcome: PROVIDER_ERROR, guard: 'openid-client: iss is required' },
  { fault: 'aud-wrong', outcome: PROVIDER_ERROR, guard: 'openid-client: aud contains client_id' },
  { fault: 'aud-missing', outcome: PROVIDER_ERROR, guard: 'openid-client: aud is required' },
  { fault: 'aud-extra-untrusted', outcome: PROVIDER_ERROR, guard: 'service: idTokenClaims trusts no other audience' },
  { fault: 'aud-array', outcome: 'signs in', guard: 'openid-client accepts an array aud' },
  { fault: 'exp-past', outcome: PROVIDER_ERROR, guard: 'openid-client: exp with 30 s tolerance' },
  { fault: 'exp-missing', outcome: PROVIDER_ERROR, guard: 'openid-client: exp is required' },
  { fault: 'bad-signature', outcome: PROVIDER_ERROR, guard: 'openid-client: enableNonRepudiationChecks' },
  { fault: 'alg-none', outcome: PROVIDER_ERROR, guard: 'openid-client: asymmetric algs only, and the pinned alg' },
  { fault: 'hs256-with-public-key', outcome: PROVIDER_ERROR, guard: 'openid-client: asymmetric algs only, and the pinned alg' },
  { fault: 'not-encrypted', outcome: PROVIDER_ERROR, only: 'national', guard: 'service: decryptingFetch demands a JWE' },
  { fault: 'auth-iss-wrong', outcome: PROVIDER_ERROR, guard: 'openid-client: RFC 9207 iss check' },
  { fault: 'auth-iss-missing', outcome: PROVIDER_ERROR, guard: 'openid-client: RFC 9207 iss required when advertised' },
  { fault: 'auth-state-wrong', outcome: { status: 401, code: 'invalid_state' }, guard: 'service: login state looked up by state' },
  { fault: 'auth-state-missing', outcome: { status: 400, code: 'invalid_request' }, guard: 'service: callback needs state' },
  { fault: 'no-expires-in', outcome: 'signs in', guard: 'expires_in is optional' },
  { fault: 'token-type-other-case', outcome: 'signs in', guard: 'openid-client lower-cases token_type' },
  { fault: 'dpop-nonce-at-par', outcome: 'signs in', only: 'national', guard: 'openid-client: DPoP handle retries once with the nonce' },
  { fault: 'dpop-nonce-at-token', outcome: 'signs in', only: 'national', guard: 'openid-client: DPoP handle retries once with the nonce' },
];

for (const backend of backends) {
  describe(`the sign-in clients against a misbehaving provider, as the FAPI 2.0 client tests do (${backend.name})`, () => {
    const rogues = {} as Record<Provider, RogueProvider>;
    let service: ServiceOnPort;

    before(async () => {
      const keys = await generateNationalClientKeys();
      const encryptTo = keys.publicJwks.keys.find((jwk: JWK) => jwk.use === 'enc');
      rogues.national = await startRogueProvider({ profile: 'national', clientId: 'fapi-national', encryptTo });
      rogues.social = await startRogueProvider({ profile: 'social', clientId: 'fapi-social' });
      service = await serviceOnPort(backend, async () => ({
        NATIONAL_ISSUER: rogues.national.issuer,
        NATIONAL_CLIENT_ID: 'fapi-national',
        NATIONAL_CLIENT_JWKS: keys.privateJwks,
        SOCIAL_ISSUER: rogues.social.issuer,
        SOCIAL_CLIENT_ID: 'fapi-social',
        SOCIAL_CLIENT_SECRET: randomBytes(24).toString('base64url'),
        SOCIAL_CONNECTIONS: 'email',
      }));
    });
    after(async () => {
      await service.close();
      await Promise.all([rogues.national.close(), rogues.social.close()]);
    });

    /** A browser's sign-in against the rogue: start, the provider's redirect back, the callback. */
    async function attempt(provider: Provider, fault: Fault | undefined) {
      rogues[provider].misbehave(fault);
      const { authorizationUrl, cookies } = await startWebLogin(service, provider);
      const redirect = await fetch(authorizationUrl, { redirect: 'manual' });
      assert.equal(redirect.status, 302, await redirect.text());
      const callback = new URL(redirect.headers.get('location')!);
      return { callback, cookies, finish: await finishWebLogin(service, callback, cookies) };
    }

    async function assertRefused(provider: Provider, finish: Response, outcome: { status: number; code: string }) {
      assert.equal(finish.status, outcome.status);
      assert.match(finish.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.equal(((await finish.json()) as { code: string }).code, outcome.code);
      assert.deepEqual(finish.headers.getSetCookie(), [], 'no cookie is set');
      assert.equal(await userExists(service, provider, rogues[provider].lastSubject!), false, 'no user is stored');
    }

    for (const provider of ['national', 'social'] as const) {
      it(`${provider}: a provider that behaves signs in (the baseline every refusal below departs from)`, async () => {
        const { finish } = await attempt(provider, undefined);
        assert.equal(await signedInAs(service, finish), provider.toUpperCase());
      });

      for (const { fault, outcome, only, guard } of CASES) {
        if (only !== undefined && only !== provider) continue;
        const expected = outcome === 'signs in' ? 'signs in' : `${outcome.status} ${outcome.code}`;
        it(`${provider}: ${fault} → ${expected} (${guard})`, async () => {
          const { finish } = await attempt(provider, fault);
          if (outcome !== 'signs in') return assertRefused(provider, finish, outcome);
          assert.equal(await signedInAs(service, finish), provider.toUpperCase());
          if (fault === 'dpop-nonce-at-par') assert.equal(rogues.national.counts.par, 2, 'one retry with the nonce');
          if (fault === 'dpop-nonce-at-token') assert.equal(rogues.national.counts.token, 2, 'one retry with the nonce');
        });
      }

      it(`${provider}: a reused authorization code is refused even by a provider that would honour it (service: single-use login state)`, async () => {
        const { callback, cookies, finish } = await attempt(provider, 'code-reusable');
        assert.equal(await signedInAs(service, finish), provider.toUpperCase());
        const replay = await finishWebLogin(service, callback, cookies);
        assert.equal(replay.status, 401);
        assert.equal(((await replay.json()) as { code: string }).code, 'invalid_state');
        assert.deepEqual(replay.headers.getSetCookie(), []);
        assert.equal(rogues[provider].counts.token, 1, 'the code went upstream once');
      });
    }
  });
}
