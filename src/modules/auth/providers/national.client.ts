import * as oidc from 'openid-client';
import { exportJWK, importJWK, type JWK } from 'jose';
import type { Config } from '../../../config/config.ts';
import { badGateway } from '../../../platform/http/errors.ts';
import {
  DEFAULT_TIMEOUT_MS, authorizationParameters, callbackOn, checkCallback, discoveryExtensions, identity, lazy, required, stringClaim, toAppError,
  type IdentityProviderClient, type PendingLogin, type ProviderClientOptions,
} from './provider-client.ts';
import { publicJwk } from './national-keys.ts';

const DPOP_ALG = 'ES256';

interface ClientKeys {
  sig: JWK & { kid: string };
  enc: JWK & { kid: string };
}

function pickKey(keys: JWK[], use: 'sig' | 'enc', fits: (jwk: JWK) => boolean): JWK & { kid: string } {
  const found = keys.find((jwk) => (jwk.use === undefined || jwk.use === use) && fits(jwk) && typeof jwk.d === 'string');
  if (!found?.kid) throw new TypeError(`NATIONAL_CLIENT_JWKS needs a private P-256 ${use} key with a kid`);
  return found as JWK & { kid: string };
}

function parseClientJwks(value: string): ClientKeys {
  const { keys } = JSON.parse(value) as { keys: JWK[] };
  return {
    sig: pickKey(keys, 'sig', (jwk) => jwk.kty === 'EC' && jwk.crv === 'P-256' && (jwk.alg ?? 'ES256') === 'ES256'),
    enc: pickKey(keys, 'enc', (jwk) => jwk.kty === 'EC' && jwk.crv === 'P-256' && (jwk.alg ?? 'ECDH-ES').startsWith('ECDH-ES')),
  };
}

async function importDPoPKey(jwk: JWK): Promise<oidc.CryptoKeyPair> {
  return {
    privateKey: (await importJWK(jwk, DPOP_ALG)) as oidc.CryptoKey,
    publicKey: (await importJWK(publicJwk(jwk), DPOP_ALG)) as oidc.CryptoKey,
  };
}

export function createNationalClient(
  config: Config['national'],
  options: ProviderClientOptions = {},
): IdentityProviderClient {
  const issuer = new URL(required(config.issuer, 'NATIONAL_ISSUER'));
  const clientId = required(config.clientId, 'NATIONAL_CLIENT_ID');
  // Parsed now so a broken key set fails at start-up rather than at the first sign-in.
  const keys = parseClientJwks(required(config.clientJwks, 'NATIONAL_CLIENT_JWKS'));
  const timeout = (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000;

  const configuration = lazy(async () => {
    const signingKey = (await importJWK(keys.sig, 'ES256')) as oidc.CryptoKey;
    const decryptionKey = (await importJWK(keys.enc, 'ECDH-ES')) as oidc.CryptoKey;
    return oidc.discovery(
      issuer,
      clientId,
      { id_token_signed_response_alg: 'ES256' },
      oidc.PrivateKeyJwt({ key: signingKey, kid: keys.sig.kid }),
      {
        timeout,
        execute: [
          ...discoveryExtensions(issuer),
          (c) => oidc.enableDecryptingResponses(c, undefined, { key: decryptionKey, alg: 'ECDH-ES', kid: keys.enc.kid }),
        ],
      },
    );
  });

  return {
    name: 'national',

    async begin() {
      try {
        const client = await configuration();
        const dpopKeys = await oidc.randomDPoPKeyPair(DPOP_ALG, { extractable: true });
        const pending: PendingLogin = {
          provider: 'national',
          state: oidc.randomState(),
          nonce: oidc.randomNonce(),
          codeVerifier: oidc.randomPKCECodeVerifier(),
          // The same key must sign the token request, which may run in another process.
          dpopKey: await exportJWK(dpopKeys.privateKey),
        };
        const url = await oidc.buildAuthorizationUrlWithPAR(client, {
          ...config.authParams,
          ...(await authorizationParameters(pending, config.redirectUri, config.scope)),
        }, { DPoP: oidc.getDPoPHandle(client, dpopKeys) });
        return { authorizationUrl: url.href, pending };
      } catch (error) {
        throw toAppError('national', error);
      }
    },

    async complete(callbackUrl, pending) {
      const params = checkCallback('national', callbackUrl, pending);
      const { dpopKey } = pending;
      if (!dpopKey) throw new TypeError('a pending national login must carry its DPoP key');
      try {
        const client = await configuration();
        const tokens = await oidc.authorizationCodeGrant(
          client,
          callbackOn(config.redirectUri, params),
          { pkceCodeVerifier: pending.codeVerifier, expectedState: pending.state, expectedNonce: pending.nonce },
          undefined,
          { DPoP: oidc.getDPoPHandle(client, await importDPoPKey(dpopKey)) },
        );
        // openid-client also accepts a plain signed ID token; the profile demands an encrypted one.
        if (tokens.id_token?.split('.').length !== 5) {
          throw badGateway('provider_error', 'The national sign-in provider returned an unencrypted ID token.');
        }
        const claims = tokens.claims();
        if (!claims) throw badGateway('provider_error', 'The national sign-in provider returned no ID token.');
        return identity('national', claims.sub, stringClaim(claims, 'name'), stringClaim(claims, 'email'));
      } catch (error) {
        throw toAppError('national', error);
      }
    },
  };
}
