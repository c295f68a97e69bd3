import type { Config } from '../../config/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, serviceUnavailable, unauthorized } from '../../platform/http/errors.ts';
import type { TokenPair, TokensService } from '../tokens/index.ts';
import type { UsersService } from '../users/index.ts';
import type { LoginBinding } from './login-binding.ts';
import type { LoginStates, Platform } from './login-state.ts';
import type { IdentityProviderClient, ProviderName } from './providers/index.ts';

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/** Where the browser goes after a callback, and the cookies to set on the way (web only). */
export interface CallbackOutcome {
  location: string;
  cookies?: TokenPair;
}

export interface LoginQuery {
  platform?: string;
  provider?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

export interface LoginStart {
  authorizationUrl: string;
  platform: Platform;
  /** Web only: the value of the login binding cookie the browser must bring back. */
  binding?: string;
}

const PLATFORMS: Platform[] = ['web', 'mobile'];
/** An S256 challenge is the base64url SHA-256 of the verifier: always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const invalidState = () => unauthorized('invalid_state', 'The sign-in session is unknown or expired. Start again.');

/** A login or callback path naming a provider the service does not have (a client error: 400, not an unknown path). */
export const unknownProvider = () => badRequest('invalid_provider', 'The provider in the path must be national or social.');

export class AuthService {
  readonly #config: Readonly<Config>;
  readonly #clients: Partial<Record<ProviderName, IdentityProviderClient>>;
  readonly #states: LoginStates;
  readonly #users: UsersService;
  readonly #tokens: TokensService;
  readonly #clock: Clock;
  readonly #binding: LoginBinding;

  constructor(deps: {
    clock: Clock;
    binding: LoginBinding;
    config: Readonly<Config>;
    clients: Partial<Record<ProviderName, IdentityProviderClient>>;
    states: LoginStates;
    users: UsersService;
    tokens: TokensService;
  }) {
    this.#config = deps.config;
    this.#clients = deps.clients;
    this.#states = deps.states;
    this.#users = deps.users;
    this.#tokens = deps.tokens;
    this.#clock = deps.clock;
    this.#binding = deps.binding;
  }

  /** Starts an authorization-code flow; the answer is the provider's authorization URL. */
  async startLogin(provider: ProviderName, query: LoginQuery): Promise<LoginStart> {
    const platform = (query.platform ?? 'web') as Platform;
    if (!PLATFORMS.includes(platform)) throw badRequest('invalid_request', 'platform must be web or mobile.');
    const codeChallenge = codeChallengeOf(platform, query);
    let connection: string | undefined;
    if (provider === 'social') {
      connection = query.provider;
      if (!connection || !this.#config.social.connections.includes(connection)) {
        throw badRequest('invalid_provider', `provider must be one of ${this.#config.social.connections.join(', ')}.`);
      }
    }
    const client = this.#client(provider);
    const { authorizationUrl, pending } = await client.begin({ connection });
    await this.#states.save({ pending, platform, createdAt: this.#clock.now().getTime(), ...(codeChallenge ? { codeChallenge } : {}) });
    return { authorizationUrl, platform, ...(platform === 'web' ? { binding: this.#binding.of(pending.state) } : {}) };
  }

  /** Finishes a flow: exchanges the code, finds or creates the user, and says where to go. */
  async finishLogin(provider: ProviderName, query: CallbackQuery, callbackUrl: URL, bindingCookie?: string): Promise<CallbackOutcome> {
    if (!query.state || (!query.code && !query.error)) {
      throw badRequest('invalid_request', 'The callback needs code and state.');
    }
    // A web state is only good in the browser that started it. Checked before the state is used
    // up, so a callback URL sent to someone else is refused and the real browser can still finish.
    const seen = await this.#states.peek(query.state);
    if (!seen || (seen.platform === 'web' && !this.#binding.matches(query.state, bindingCookie))) throw invalidState();
    // Consumed whatever happens next, so a callback can never be replayed.
    const login = await this.#states.take(query.state);
    const expired = login && this.#clock.now().getTime() - login.createdAt > this.#config.loginStateTtl * 1000;
    if (!login || expired || login.pending.provider !== provider) throw invalidState();
    if (query.error) {
      const code = /^[a-z_]{1,64}$/.test(query.error) ? query.error : 'server_error';
      return { location: this.#withParams(this.#target(login.platform), { error: code }) };
    }
    const identity = await this.#client(provider).complete(callbackUrl, login.pending);
    const { row, created } = await this.#users.provision({
      authProvider: provider,
      subject: identity.subject,
      name: identity.name,
      email: identity.email,
    });
    const newUser: Record<string, string> = created ? { isNewUser: 'true' } : {};
    if (login.platform === 'mobile') {
      const refreshToken = await this.#tokens.issueOneTimeRefreshToken(row.id, login.codeChallenge);
      return { location: this.#withParams(this.#target('mobile'), { refreshToken, ...newUser }) };
    }
    const pair = await this.#tokens.issuePair({ id: row.id, authProvider: row.authProvider, providerSubject: row.providerSubject });
    return { location: this.#withParams(this.#target('web'), newUser), cookies: pair };
  }

  #client(provider: ProviderName): IdentityProviderClient {
    const client = this.#clients[provider];
    if (!client) throw serviceUnavailable('provider_not_configured', `The ${provider} provider is not configured.`);
    return client;
  }

  #target(platform: Platform): string {
    return platform === 'web' ? this.#config.frontendCallbackUrl : `${this.#config.mobileCallbackScheme}://auth/callback`;
  }

  #withParams(target: string, params: Record<string, string>): string {
    const url = new URL(target);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }
}

/**
 * RFC 8252 §8.1 for the deep link: only the app that started the sign-in can redeem it. Required on
 * mobile: without it, any app that claims the scheme (or receives a forwarded link) holds a session.
 */
function codeChallengeOf(platform: Platform, query: LoginQuery): string | undefined {
  if (query.code_challenge === undefined && query.code_challenge_method === undefined) {
    if (platform === 'mobile') throw badRequest('invalid_request', 'code_challenge is required for platform=mobile (S256, RFC 8252).');
    return undefined;
  }
  if (platform !== 'mobile') throw badRequest('invalid_request', 'code_challenge is for platform=mobile only.');
  if ((query.code_challenge_method ?? 'S256') !== 'S256') throw badRequest('invalid_request', 'code_challenge_method must be S256.');
  if (!query.code_challenge || !S256_CHALLENGE.test(query.code_challenge)) {
    throw badRequest('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier (43 characters).');
  }
  return query.code_challenge;
}
