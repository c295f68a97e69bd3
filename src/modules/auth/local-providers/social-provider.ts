import { randomBytes } from 'node:crypto';
import { Provider, errors } from 'oidc-provider';
import { AccountBook } from './accounts.ts';
import { loginPage } from './login-page.ts';
import { createMisbehaviour, type MisbehaviourSwitch } from './misbehaviour.ts';
import { BASE_FEATURES, baseConfiguration, codeFlowClient, generateSigningKey } from './provider-base.ts';

export const SOCIAL_CLIENT_ID = 'match-service-social';

export interface SocialProvider {
  provider: Provider;
  clientId: string;
  clientSecret: string;
  misbehaviour: MisbehaviourSwitch;
}

export interface SocialProviderOptions {
  redirectUris: string[];
  connections: string[];
  connectionParam: string;
  clientSecret?: string;
}

/** Like a hosted social/e-mail login: client secret, PKCE, RS256 ID tokens with name and e-mail. */
export async function createSocialProvider(issuer: string, options: SocialProviderOptions): Promise<SocialProvider> {
  const signing = await generateSigningKey('RS256');
  const clientSecret = options.clientSecret ?? randomBytes(32).toString('base64url');
  const accounts = new AccountBook('social');

  const provider = new Provider(issuer, {
    ...baseConfiguration('social', issuer, accounts, signing),
    clients: [
      {
        ...codeFlowClient(SOCIAL_CLIENT_ID, options.redirectUris),
        client_secret: clientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    scopes: ['openid', 'profile', 'email'],
    claims: { openid: ['sub', 'connection'], profile: ['name'], email: ['email', 'email_verified'] },
    // Hosted social logins put profile claims straight into the ID token.
    conformIdTokenClaims: false,
    extraParams: {
      async [options.connectionParam](_ctx: unknown, value: unknown) {
        if (value !== undefined && (typeof value !== 'string' || !options.connections.includes(value))) {
          throw new errors.InvalidRequest(`unknown ${options.connectionParam}`);
        }
      },
    },
    features: BASE_FEATURES,
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
  });

  const misbehaviour = await createMisbehaviour({ signing });
  provider.use(misbehaviour.middleware);
  provider.use(
    loginPage(provider, {
      title: 'Social sign-in (local)',
      accounts,
      connectionParam: options.connectionParam,
    }),
  );

  return { provider, clientId: SOCIAL_CLIENT_ID, clientSecret, misbehaviour };
}
