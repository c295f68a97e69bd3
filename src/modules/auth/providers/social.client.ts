import * as oidc from 'openid-client';
import type { Config } from '../../../config/config.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import {
  authorizationParameters,
  checkCallback,
  clientSettings,
  discoveryExtensions,
  exchangeCode,
  identity,
  idTokenClaims,
  lazy,
  newPendingLogin,
  required,
  stringClaim,
  toAppError,
  type IdentityProviderClient,
  type ProviderClientOptions,
} from './provider-client.ts';

/** Basic unless the provider says it only takes the secret in the body (RFC 8414 default is basic). */
function clientSecretAuth(secret: string): oidc.ClientAuth {
  const basic = oidc.ClientSecretBasic(secret);
  const post = oidc.ClientSecretPost(secret);
  return (as, client, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const useBasic = !methods || methods.includes('client_secret_basic') || !methods.includes('client_secret_post');
    return (useBasic ? basic : post)(as, client, body, headers);
  };
}

export function createSocialClient(config: Config['social'], options: ProviderClientOptions = {}): IdentityProviderClient {
  const { issuer, clientId, timeout } = clientSettings('SOCIAL', config, options);
  const clientSecret = required(config.clientSecret, 'SOCIAL_CLIENT_SECRET');

  const configuration = lazy(() =>
    oidc.discovery(issuer, clientId, { id_token_signed_response_alg: 'RS256' }, clientSecretAuth(clientSecret), {
      timeout,
      execute: discoveryExtensions(issuer),
    }),
  );

  return {
    name: 'social',

    async begin({ connection }) {
      if (connection !== undefined && !config.connections.includes(connection)) {
        throw badRequest('invalid_connection', `Unknown sign-in connection; use one of: ${config.connections.join(', ')}.`);
      }
      try {
        const client = await configuration();
        const pending = newPendingLogin('social', connection === undefined ? {} : { connection });
        const url = oidc.buildAuthorizationUrl(client, {
          ...(await authorizationParameters(pending, config.redirectUri, config.scope)),
          ...(connection === undefined ? {} : { [config.connectionParam]: connection }),
        });
        return { authorizationUrl: url.href, pending };
      } catch (error) {
        throw toAppError('social', error);
      }
    },

    async complete(callbackUrl, pending) {
      const params = checkCallback('social', callbackUrl, pending);
      try {
        const client = await configuration();
        const tokens = await exchangeCode(client, config.redirectUri, params, pending);
        const claims = idTokenClaims('social', tokens, clientId);
        let name = stringClaim(claims, 'name');
        let email = stringClaim(claims, 'email');
        // Some providers keep profile claims out of the ID token when an access token is issued.
        if ((name === undefined || email === undefined) && client.serverMetadata().userinfo_endpoint) {
          const userinfo = await oidc.fetchUserInfo(client, tokens.access_token, claims.sub);
          name ??= stringClaim(userinfo, 'name');
          email ??= stringClaim(userinfo, 'email');
        }
        return identity('social', claims.sub, name, email);
      } catch (error) {
        throw toAppError('social', error);
      }
    },
  };
}
