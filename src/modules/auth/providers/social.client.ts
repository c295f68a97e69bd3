import * as oidc from 'openid-client';
import type { Config } from '../../../config/config.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import * as common from './provider-client.ts';

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

export function createSocialClient(config: Config['social'], options: common.ProviderClientOptions = {}): common.IdentityProviderClient {
  const { issuer, clientId, timeout } = common.clientSettings('SOCIAL', config, options);
  const clientSecret = common.required(config.clientSecret, 'SOCIAL_CLIENT_SECRET');

  const configuration = common.lazy(() =>
    oidc.discovery(issuer, clientId, { id_token_signed_response_alg: 'RS256' }, clientSecretAuth(clientSecret), {
      timeout,
      execute: common.discoveryExtensions(issuer),
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
        const pending = common.newPendingLogin('social', connection === undefined ? {} : { connection });
        const url = oidc.buildAuthorizationUrl(client, {
          ...(await common.authorizationParameters(pending, config.redirectUri, config.scope)),
          ...(connection === undefined ? {} : { [config.connectionParam]: connection }),
        });
        return { authorizationUrl: url.href, pending };
      } catch (error) {
        throw common.toAppError('social', error);
      }
    },

    async complete(callbackUrl, pending) {
      const params = common.checkCallback('social', callbackUrl, pending);
      try {
        const client = await configuration();
        const tokens = await common.exchangeCode(client, config.redirectUri, params, pending);
        const claims = common.idTokenClaims('social', tokens, clientId);
        let name = common.stringClaim(claims, 'name');
        let email = common.stringClaim(claims, 'email');
        // Some providers keep profile claims out of the ID token when an access token is issued.
        if ((name === undefined || email === undefined) && client.serverMetadata().userinfo_endpoint) {
          const userinfo = await oidc.fetchUserInfo(client, tokens.access_token, claims.sub);
          name ??= common.stringClaim(userinfo, 'name');
          email ??= common.stringClaim(userinfo, 'email');
        }
        return common.identity('social', claims.sub, name, email);
      } catch (error) {
        throw common.toAppError('social', error);
      }
    },
  };
}
