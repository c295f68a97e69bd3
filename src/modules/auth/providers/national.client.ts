import * as oidc from 'openid-client';
import { exportJWK, importJWK, type JWK } from 'jose';
import { ClientJwksError, parseNationalClientJwks, type Config } from '../../../config/index.ts';
import * as common from './provider-client.ts';
import { decryptingFetch, idTokenDecrypter } from './id-token-decryption.ts';
import { publicJwk } from './national-keys.ts';

const DPOP_ALG = 'ES256';

async function importDPoPKey(jwk: JWK): Promise<oidc.CryptoKeyPair> {
  return {
    privateKey: (await importJWK(jwk, DPOP_ALG)) as oidc.CryptoKey,
    publicKey: (await importJWK(publicJwk(jwk), DPOP_ALG)) as oidc.CryptoKey,
  };
}

/** The config already refused a bad key set; this covers clients built from hand-made config. */
function clientKeys(value: string) {
  try {
    return parseNationalClientJwks(value);
  } catch (error) {
    if (error instanceof ClientJwksError) throw new TypeError(`NATIONAL_CLIENT_JWKS ${error.message}`, { cause: error });
    throw error;
  }
}

export function createNationalClient(config: Config['national'], options: common.ProviderClientOptions = {}): common.IdentityProviderClient {
  const { issuer, clientId, timeout } = common.clientSettings('NATIONAL', config, options);
  // Parsed now so a broken key set fails at start-up rather than at the first sign-in.
  const keys = clientKeys(common.required(config.clientJwks, 'NATIONAL_CLIENT_JWKS'));
  const decrypt = idTokenDecrypter(keys.enc);

  const configuration = common.lazy(async () => {
    const signingKey = (await importJWK(keys.sig as JWK, 'ES256')) as oidc.CryptoKey;
    return oidc.discovery(issuer, clientId, { id_token_signed_response_alg: 'ES256' }, oidc.PrivateKeyJwt({ key: signingKey, kid: keys.sig.kid }), {
      timeout,
      execute: [
        ...common.discoveryExtensions(issuer),
        (c) => {
          const tokenEndpoint = c.serverMetadata().token_endpoint;
          if (tokenEndpoint) c[oidc.customFetch] = decryptingFetch(tokenEndpoint, decrypt);
        },
      ],
    });
  });

  return {
    name: 'national',

    async begin() {
      try {
        const client = await configuration();
        const dpopKeys = await oidc.randomDPoPKeyPair(DPOP_ALG, { extractable: true });
        // The same key must sign the token request, which may run in another process.
        const pending = common.newPendingLogin('national', { dpopKey: await exportJWK(dpopKeys.privateKey) });
        const url = await oidc.buildAuthorizationUrlWithPAR(
          client,
          {
            ...config.authParams,
            ...(await common.authorizationParameters(pending, config.redirectUri, config.scope)),
          },
          { DPoP: oidc.getDPoPHandle(client, dpopKeys) },
        );
        return { authorizationUrl: url.href, pending };
      } catch (error) {
        throw common.toAppError('national', error);
      }
    },

    async complete(callbackUrl, pending) {
      const params = common.checkCallback('national', callbackUrl, pending);
      const { dpopKey } = pending;
      if (!dpopKey) throw new TypeError('a pending national login must carry its DPoP key');
      try {
        const client = await configuration();
        const tokens = await common.exchangeCode(client, config.redirectUri, params, pending, {
          DPoP: oidc.getDPoPHandle(client, await importDPoPKey(dpopKey)),
        });
        const claims = common.idTokenClaims('national', tokens, clientId);
        return common.identity('national', claims.sub, common.stringClaim(claims, 'name'), common.stringClaim(claims, 'email'));
      } catch (error) {
        throw common.toAppError('national', error);
      }
    },
  };
}
