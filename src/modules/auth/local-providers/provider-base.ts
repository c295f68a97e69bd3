import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { interactionPolicy, type KoaContext } from 'oidc-provider';
import type { AccountBook } from './accounts.ts';
import { createMemoryAdapter } from './memory-adapter.ts';

export interface SigningKey {
  /** For the provider's `jwks` configuration. */
  jwk: JWK;
  key: CryptoKey;
  alg: string;
}

export async function generateSigningKey(alg: 'ES256' | 'RS256'): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { jwk: { ...jwk, kid: await calculateJwkThumbprint(jwk), use: 'sig', alg }, key: privateKey, alg };
}

/** Asks who is signing in on every authorization request, so one can switch test users freely. */
function alwaysAskPolicy() {
  const { Check } = interactionPolicy;
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new Check('local_always_ask', 'the local provider asks who is signing in every time', (ctx) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}

/** Settings both local providers share; `name` keeps their cookies apart on the shared host. */
export function baseConfiguration(name: string, issuer: string, accounts: AccountBook, signing: SigningKey) {
  return {
    adapter: createMemoryAdapter(),
    jwks: { keys: [signing.jwk] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      names: { session: `${name}_session`, interaction: `${name}_interaction`, resume: `${name}_resume` },
    },
    findAccount: (_ctx: KoaContext, sub: string) => accounts.find(sub),
    interactions: {
      url: (_ctx: KoaContext, interaction: { uid: string }) => `${issuer}/interaction/${interaction.uid}`,
      policy: alwaysAskPolicy(),
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid'],
    // Short lives suit a test provider; setting them also silences oidc-provider's start-up notices.
    ttl: { AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  };
}

/** The one client each local provider knows: the authorization-code flow, back to the service. */
export function codeFlowClient(clientId: string, redirectUris: string[]) {
  return { client_id: clientId, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'] };
}

export const BASE_FEATURES = {
  devInteractions: { enabled: false },
  rpInitiatedLogout: { enabled: false },
};
