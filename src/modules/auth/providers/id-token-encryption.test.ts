import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { JWK } from 'jose';
import { backends } from '../../../../test/helpers/backends.ts';
import { finishWebLogin, serviceOnPort, signedInAs, startWebLogin, type ServiceOnPort } from '../../../../test/helpers/sign-in.ts';
import { ID_TOKEN_CONTENT_ENCRYPTIONS, ID_TOKEN_CURVES, ID_TOKEN_KEY_ALGS, type IdTokenContentEncryption, type IdTokenKeyAlg } from '../../../config/index.ts';
import { driveLogin, providerEnv, startLocalProviders, type LocalProviders } from '../local-providers/index.ts';
import { generateEncKey, generateNationalClientKeys } from './index.ts';

interface Case {
  alg: IdTokenKeyAlg;
  crv: string;
  enc: IdTokenContentEncryption;
  key: JWK & { kid: string };
}

/**
 * Every key management algorithm on every curve (12 keys, all in one NATIONAL_CLIENT_JWKS, as during
 * a rollover), with the six content encryptions taken in turn so each is used twice.
 */
async function matrix(): Promise<Case[]> {
  const combos = ID_TOKEN_CURVES.flatMap((crv) => ID_TOKEN_KEY_ALGS.map((alg) => ({ crv, alg })));
  return Promise.all(
    combos.map(async ({ crv, alg }, index) => ({
      alg,
      crv,
      enc: ID_TOKEN_CONTENT_ENCRYPTIONS[index % ID_TOKEN_CONTENT_ENCRYPTIONS.length]!,
      key: (await generateEncKey({ alg, crv })) as JWK & { kid: string },
    })),
  );
}

for (const backend of backends) {
  describe(`national sign-in with each ID-token encryption (${backend.name})`, () => {
    let providers: LocalProviders;
    let service: ServiceOnPort;
    let cases: Case[];
    /** No `alg`: the service accepts any ECDH-ES mode with it. */
    let anyMode: JWK & { kid: string };
    /** Registered with the provider but no longer held by the service. */
    let retired: JWK & { kid: string };

    before(async () => {
      cases = await matrix();
      const { alg: _alg, ...unlabelled } = await generateEncKey({ crv: 'P-384' });
      anyMode = unlabelled as JWK & { kid: string };
      retired = (await generateEncKey()) as JWK & { kid: string };
      const sig = (JSON.parse((await generateNationalClientKeys()).privateJwks) as { keys: JWK[] }).keys[0]!;
      const held = [sig, ...cases.map((c) => c.key), anyMode];
      service = await serviceOnPort(backend, async (base) => {
        providers = await startLocalProviders({
          national: { redirectUris: [`${base}/callback/national`], clientJwks: JSON.stringify({ keys: [...held, retired] }) },
          social: { redirectUris: [`${base}/callback/social`], connections: ['email'], connectionParam: 'connection' },
        });
        return { ...providerEnv(providers), NATIONAL_CLIENT_JWKS: JSON.stringify({ keys: held }) };
      });
    });
    after(async () => {
      await service.close();
      await providers.close();
    });

    async function signIn(username: string) {
      const { authorizationUrl, cookies } = await startWebLogin(service, 'national');
      return finishWebLogin(service, await driveLogin(authorizationUrl, username), cookies);
    }

    it('signs in with every ECDH-ES mode on P-256, P-384 and P-521 and every content encryption, the JWE kid choosing the key', async () => {
      for (const { alg, crv, enc, key } of cases) {
        await providers.setNationalEncryption({ kid: key.kid, enc });
        const finish = await signIn('alice');
        assert.equal(await signedInAs(service, finish), 'NATIONAL', `${alg} ${crv} ${enc}`);
        const header = providers.lastIdTokenHeader('national')!;
        assert.deepEqual({ alg: header.alg, enc: header.enc, kid: header.kid, crv: (header.epk as { crv: string }).crv }, { alg, enc, kid: key.kid, crv });
      }
    });

    it('accepts any ECDH-ES mode with an enc key that names no alg', async () => {
      await providers.setNationalEncryption({ kid: anyMode.kid, alg: 'ECDH-ES+A192KW', enc: 'A128CBC-HS256' });
      assert.equal(await signedInAs(service, await signIn('bob')), 'NATIONAL');
      assert.equal(providers.lastIdTokenHeader('national')!.alg, 'ECDH-ES+A192KW');
    });

    it('refuses an ID token encrypted to a key the service no longer holds: 502, no cookie', async () => {
      await providers.setNationalEncryption({ kid: retired.kid });
      const finish = await signIn('chitra');
      assert.equal(finish.status, 502);
      assert.equal(((await finish.json()) as { code: string }).code, 'provider_error');
      assert.deepEqual(finish.headers.getSetCookie(), []);
    });
  });
}
