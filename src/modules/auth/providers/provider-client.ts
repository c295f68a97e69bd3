import * as oidc from 'openid-client';
import type { JWK } from 'jose';
import { AppError, badGateway, serviceUnavailable } from '../../../platform/http/errors.ts';

export type ProviderName = 'national' | 'social';

/** Everything needed to finish the flow later; JSON-serialisable (it is stored in a key-value store for 5 minutes). */
export interface PendingLogin {
  provider: ProviderName;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Private JWK of the DPoP key (national only). */
  dpopKey?: JWK;
  connection?: string;
}

export interface ProviderIdentity {
  provider: ProviderName;
  subject: string;
  name?: string;
  email?: string;
}

export interface IdentityProviderClient {
  readonly name: ProviderName;
  /** Builds the authorization URL (national: does the PAR with DPoP + private_key_jwt first). */
  begin(options: { connection?: string }): Promise<{ authorizationUrl: string; pending: PendingLogin }>;
  /**
   * Exchanges the code and validates state, nonce and the ID token; returns the identity.
   * Only the query of `callbackUrl` is read (code, state, iss…); the redirect_uri sent to the
   * provider is always the configured one.
   */
  complete(callbackUrl: URL, pending: PendingLogin): Promise<ProviderIdentity>;
}

export interface ProviderClientOptions {
  /** Bound on every single upstream request. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 5000;

/** What every client needs from its configuration, checked when the client is built. */
export function clientSettings(
  variablePrefix: 'NATIONAL' | 'SOCIAL',
  config: { issuer: string | undefined; clientId: string | undefined },
  options: ProviderClientOptions,
): { issuer: URL; clientId: string; timeout: number } {
  return {
    issuer: new URL(required(config.issuer, `${variablePrefix}_ISSUER`)),
    clientId: required(config.clientId, `${variablePrefix}_CLIENT_ID`),
    timeout: (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000,
  };
}

/** A new sign-in attempt: fresh state, nonce and PKCE verifier, plus what the provider keeps besides. */
export function newPendingLogin(provider: ProviderName, extra: Pick<PendingLogin, 'dpopKey' | 'connection'> = {}): PendingLogin {
  return { provider, state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier(), ...extra };
}

/** The authorization-code + PKCE S256 parameters both providers take. */
export async function authorizationParameters(pending: PendingLogin, redirectUri: string, scope: string): Promise<Record<string, string>> {
  return {
    redirect_uri: redirectUri,
    scope,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  };
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EPIPE']);

function isUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT') return true;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR_'))) return true;
    if (current.name === 'TimeoutError' || current.name === 'AbortError') return true;
    // undici reports every socket-level failure as this TypeError, with the reason as cause.
    if (current instanceof TypeError && current.message === 'fetch failed') return true;
  }
  return false;
}

/** Turns whatever openid-client or fetch threw into the service's 401/502/503 contract. */
export function toAppError(provider: ProviderName, error: unknown): Error {
  if (error instanceof AppError) return error;
  if (isUnreachable(error)) {
    return serviceUnavailable('provider_unavailable', `The ${provider} sign-in provider is not reachable.`, error);
  }
  if (error instanceof oidc.AuthorizationResponseError) {
    // The user declined or the provider refused in the browser; not a provider fault.
    if (error.error === 'access_denied') {
      return new AppError(401, 'login_failed', `The ${provider} sign-in was cancelled or refused.`, { cause: error });
    }
    if (error.error === 'temporarily_unavailable') {
      return serviceUnavailable('provider_unavailable', `The ${provider} sign-in provider is temporarily unavailable.`, error);
    }
  }
  // Argument errors are our own bugs; let them surface as 500s instead of blaming the provider.
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof TypeError && typeof code === 'string' && code.startsWith('ERR_INVALID_ARG')) return error;
  // The OAuth error code (never its free-text description) is what tells a refused code from a refused client.
  const refusal = error instanceof oidc.ResponseBodyError && /^[\w.-]{1,64}$/.test(error.error) ? ` (${error.error})` : '';
  return badGateway('provider_error', `The ${provider} sign-in provider answered unexpectedly${refusal}.`, error);
}

export function invalidState(): AppError {
  return new AppError(401, 'invalid_state', 'The sign-in response does not belong to this sign-in attempt.');
}

/** Rejects a callback that does not belong to the pending login before anything is sent upstream. */
export function checkCallback(provider: ProviderName, callbackUrl: URL, pending: PendingLogin): URLSearchParams {
  const params = callbackUrl.searchParams;
  if (pending.provider !== provider || params.get('state') !== pending.state) throw invalidState();
  return params;
}

/** Rebuilds the callback on the registered redirect URI so the token request repeats it exactly. */
function callbackOn(redirectUri: string, params: URLSearchParams): URL {
  const url = new URL(redirectUri);
  url.search = params.toString();
  return url;
}

/** The token request of the code flow, checked against the pending login's verifier, state and nonce. */
export function exchangeCode(
  client: oidc.Configuration,
  redirectUri: string,
  params: URLSearchParams,
  pending: PendingLogin,
  options?: oidc.DPoPOptions,
): Promise<oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers> {
  const checks = { pkceCodeVerifier: pending.codeVerifier, expectedState: pending.state, expectedNonce: pending.nonce };
  return oidc.authorizationCodeGrant(client, callbackOn(redirectUri, params), checks, undefined, options);
}

/**
 * Discovery that is retried on the next call after a failure (a provider that is down at
 * start-up must not stop the service) and cached once it succeeds.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** openid-client refuses plain http; an operator who configures an http issuer has chosen it. */
export function discoveryExtensions(issuer: URL): Array<(config: oidc.Configuration) => void> {
  const extensions = [oidc.enableNonRepudiationChecks];
  if (issuer.protocol === 'http:') extensions.unshift(oidc.allowInsecureRequests);
  return extensions;
}

/**
 * The validated ID token claims. openid-client accepts extra audiences when `azp` names us; OpenID
 * Connect says to refuse audiences the client does not trust, and this client trusts only itself.
 */
export function idTokenClaims(provider: ProviderName, tokens: oidc.TokenEndpointResponseHelpers, clientId: string): oidc.IDToken {
  const claims = tokens.claims();
  if (!claims) throw badGateway('provider_error', `The ${provider} sign-in provider returned no ID token.`);
  if ([claims.aud].flat().some((audience) => audience !== clientId)) {
    throw badGateway('provider_error', `The ${provider} sign-in provider issued an ID token for another audience too.`);
  }
  return claims;
}

/** Leaves absent claims out instead of carrying `undefined` into stored or logged JSON. */
export function identity(provider: ProviderName, subject: string, name?: string, email?: string): ProviderIdentity {
  return { provider, subject, ...(name === undefined ? {} : { name }), ...(email === undefined ? {} : { email }) };
}

export function stringClaim(claims: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = claims?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function required(value: string | undefined, variable: string): string {
  if (value === undefined || value === '') throw new TypeError(`${variable} is not configured`);
  return value;
}
