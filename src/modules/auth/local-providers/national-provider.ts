import { randomBytes } from 'node:crypto';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import { Provider } from 'oidc-provider';
import { generateNationalClientKeys, publicJwk } from '../providers/national-keys.ts';
import { AccountBook } from './accounts.ts';
import { loginPage } from './login-page.ts';
import { createMisbehaviour, type MisbehaviourSwitch } from './misbehaviour.ts';
import { BASE_FEATURES, baseConfiguration, generateSigningKey } from './provider-base.ts';

export const NATIONAL_CLIENT_ID = 'match-service-national';

export interface NationalProvider {
  provider: Provider;
  clientId: string;
  clientJwks: string;
  misbehaviour: MisbehaviourSwitch;
}

async function importEcdhKey(jwk: JWK): Promise<CryptoKey> {
  const key = await importJWK(jwk, 'ECDH-ES');
  if (key instanceof Uint8Array) throw new TypeError('expected an EC key');
  return key;
}

/** FAPI 2.0 shaped: PAR, PKCE S256, private_key_jwt, DPoP, ES256-signed and ECDH-ES-encrypted ID tokens. */
export async function createNationalProvider(
  issuer: string,
  options: { redirectUris: string[]; clientJwks?: string },
): Promise<NationalProvider> {
  const signing = await generateSigningKey('ES256');
  const clientJwks = options.clientJwks ?? (await generateNationalClientKeys()).privateJwks;
  const clientKeys = (JSON.parse(clientJwks) as { keys: JWK[] }).keys;
  const encJwk = clientKeys.find((jwk) => jwk.use === 'enc' && typeof jwk.d === 'string');
  if (!encJwk?.kid) throw new TypeError('the national client JWKS needs a private enc key with a kid');
  const accounts = new AccountBook('national');

  const provider = new Provider(issuer, {
    ...baseConfiguration('national', issuer, accounts),
    jwks: { keys: [signing.jwk] },
    clients: [{
      client_id: NATIONAL_CLIENT_ID,
      redirect_uris: options.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_signing_alg: 'ES256',
      jwks: { keys: clientKeys.map(publicJwk) },
      id_token_signed_response_alg: 'ES256',
      id_token_encrypted_response_alg: 'ECDH-ES',
      id_token_encrypted_response_enc: 'A256GCM',
      require_pushed_authorization_requests: true,
      dpop_bound_access_tokens: true,
    }],
    clientAuthMethods: ['private_key_jwt'],
    clientDefaults: { id_token_signed_response_alg: 'ES256', token_endpoint_auth_method: 'private_key_jwt' },
    // Like the real national provider's basic profile: the name comes with the default scope, in the ID token.
    claims: { openid: ['sub', 'name'] },
    conformIdTokenClaims: false,
    features: {
      ...BASE_FEATURES,
      fapi: { enabled: true, profile: '2.0' },
      pushedAuthorizationRequests: { enabled: true, requirePushedAuthorizationRequests: true },
      // Nonces make clients do the use_dpop_nonce round trip real FAPI providers ask for.
      dPoP: { enabled: true, nonceSecret: randomBytes(32), requireNonce: () => true },
      encryption: { enabled: true },
    },
    enabledJWA: {
      clientAuthSigningAlgValues: ['ES256'],
      idTokenSigningAlgValues: ['ES256'],
      dPoPSigningAlgValues: ['ES256'],
      idTokenEncryptionAlgValues: ['ECDH-ES'],
      idTokenEncryptionEncValues: ['A256GCM'],
    },
  });

  const misbehaviour = await createMisbehaviour({
    signing,
    encryption: {
      privateKey: await importEcdhKey(encJwk),
      publicKey: await importEcdhKey(publicJwk(encJwk)),
      kid: encJwk.kid,
      alg: 'ECDH-ES',
      enc: 'A256GCM',
    },
  });
  provider.use(misbehaviour.middleware);
  // oidc-provider lets a client skip DPoP at the PAR endpoint; the national profile does not.
  provider.use(async (ctx, next) => {
    if (ctx.method === 'POST' && ctx.path === '/request' && !ctx.get('dpop')) {
      ctx.status = 400;
      ctx.body = { error: 'invalid_dpop_proof', error_description: 'DPoP proof JWT not provided' };
      return;
    }
    await next();
  });
  provider.use(loginPage(provider, { title: 'National identity (local)', accounts }));

  return { provider, clientId: NATIONAL_CLIENT_ID, clientJwks, misbehaviour };
}
