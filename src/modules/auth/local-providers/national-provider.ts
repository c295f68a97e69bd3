import { randomBytes } from 'node:crypto';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import { Provider } from 'oidc-provider';
import {
  ID_TOKEN_CONTENT_ENCRYPTIONS,
  ID_TOKEN_KEY_ALGS,
  parseNationalClientJwks,
  type IdTokenContentEncryption,
  type IdTokenKeyAlg,
} from '../../../config/index.ts';
import { DEFAULT_ENC_ALG, generateNationalClientKeys, publicJwk } from '../providers/national-keys.ts';
import { AccountBook } from './accounts.ts';
import { loginPage } from './login-page.ts';
import { createMisbehaviour, type MisbehaviourSwitch } from './misbehaviour.ts';
import { BASE_FEATURES, baseConfiguration, codeFlowClient, generateSigningKey, type SigningKey } from './provider-base.ts';

export const NATIONAL_CLIENT_ID = 'match-service-national';

export interface NationalProvider {
  provider: Provider;
  clientId: string;
  clientJwks: string;
  misbehaviour: MisbehaviourSwitch;
  /** Kept when the provider is rebuilt with another encryption, so cached JWKS stay valid. */
  signing: SigningKey;
}

async function importEcdhKey(jwk: JWK): Promise<CryptoKey> {
  const key = await importJWK(jwk, 'ECDH-ES');
  if (key instanceof Uint8Array) throw new TypeError('expected an EC key');
  return key;
}

/** How the provider encrypts ID tokens; every member is optional. */
export interface IdTokenEncryption {
  /** Default: the key's own `alg`, else ECDH-ES+A256KW. */
  alg?: IdTokenKeyAlg;
  /** Default: A256GCM. */
  enc?: IdTokenContentEncryption;
  /** Which of the client's enc keys the provider has on file (a rollover); default: the first. */
  kid?: string;
}

export interface NationalProviderOptions {
  redirectUris: string[];
  clientJwks?: string;
  idTokenEncryption?: IdTokenEncryption;
}

/** The key the provider encrypts to; only it (and the signing key) is registered, so the choice is certain. */
function encryptionSetting(clientJwks: string, setting: IdTokenEncryption = {}) {
  const { sig, enc } = parseNationalClientJwks(clientJwks);
  const jwk = setting.kid === undefined ? enc[0] : enc.find((candidate) => candidate.kid === setting.kid);
  if (!jwk) throw new TypeError(`the national client JWKS has no enc key ${setting.kid}`);
  const alg = setting.alg ?? jwk.alg ?? DEFAULT_ENC_ALG;
  if (jwk.alg !== undefined && jwk.alg !== alg) throw new TypeError(`enc key ${jwk.kid} is for ${jwk.alg}, not ${alg}`);
  const registered = [sig, jwk].map((key) => publicJwk(key as JWK));
  return { jwk: jwk as JWK & { kid: string }, crv: jwk.crv, alg, enc: setting.enc ?? 'A256GCM', registered };
}

/** The one registered client: signs its own assertions, receives encrypted ID tokens, binds tokens with DPoP. */
function nationalClient(redirectUris: string[], encryption: ReturnType<typeof encryptionSetting>) {
  return {
    ...codeFlowClient(NATIONAL_CLIENT_ID, redirectUris),
    token_endpoint_auth_method: 'private_key_jwt',
    token_endpoint_auth_signing_alg: 'ES256',
    jwks: { keys: encryption.registered },
    id_token_signed_response_alg: 'ES256',
    id_token_encrypted_response_alg: encryption.alg,
    id_token_encrypted_response_enc: encryption.enc,
    require_pushed_authorization_requests: true,
    dpop_bound_access_tokens: true,
  };
}

/** FAPI 2.0 shaped: PAR, PKCE S256, private_key_jwt, DPoP, ES256-signed and encrypted ID tokens. */
export async function createNationalProvider(issuer: string, options: NationalProviderOptions, signing?: SigningKey): Promise<NationalProvider> {
  signing ??= await generateSigningKey('ES256');
  const clientJwks = options.clientJwks ?? (await generateNationalClientKeys()).privateJwks;
  const encryption = encryptionSetting(clientJwks, options.idTokenEncryption);
  const accounts = new AccountBook('national');

  const provider = new Provider(issuer, {
    ...baseConfiguration('national', issuer, accounts, signing),
    clients: [nationalClient(options.redirectUris, encryption)],
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
      idTokenEncryptionAlgValues: [...ID_TOKEN_KEY_ALGS],
      idTokenEncryptionEncValues: [...ID_TOKEN_CONTENT_ENCRYPTIONS],
    },
  });

  const misbehaviour = await createMisbehaviour({
    signing,
    encryption: {
      privateKey: await importEcdhKey(encryption.jwk),
      publicKey: await importEcdhKey(publicJwk(encryption.jwk)),
      kid: encryption.jwk.kid,
      alg: encryption.alg,
      enc: encryption.enc,
      crv: encryption.crv,
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

  return { provider, clientId: NATIONAL_CLIENT_ID, clientJwks, misbehaviour, signing };
}
