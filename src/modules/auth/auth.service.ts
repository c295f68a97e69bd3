import type { Config } from '../../config/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, serviceUnavailable, unauthorized } from '../../platform/http/errors.ts';
import type { TokenPair, TokensService } from '../tokens/index.ts';
import type { UsersService } from '../users/index.ts';
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

const PLATFORMS: Platform[] = ['web', 'mobile'];

/** A login or callback path naming a provider the service does not have (a client error: 400, not an unknown path). */
export const unknownProvider = () => badRequest('invalid_provider', 'The provider in the path must be national or social.');

export class AuthService {
  readonly #config: Readonly<Config>;
  readonly #clients: Partial<Record<ProviderName, IdentityProviderClient>>;
  readonly #states: LoginStates;
  readonly #users: UsersService;
  readonly #tokens: TokensService;
  readonly #clock: Clock;

  constructor(deps: {
    clock: Clock;
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
  }

  /** Starts an authorization-code flow; the answer is the provider's authorization URL. */
  async startLogin(provider: ProviderName, query: { platform?: string; provider?: string }): Promise<{ authorizationUrl: string; platform: Platform }> {
    const platform = (query.platform ?? 'web') as Platform;
    if (!PLATFORMS.includes(platform)) throw badRequest('invalid_request', 'platform must be web or mobile.');
    let connection: string | undefined;
    if (provider === 'social') {
      connection = query.provider;
      if (!connection || !this.#config.social.connections.includes(connection)) {
        throw badRequest('invalid_provider', `provider must be one of ${this.#config.social.connections.join(', ')}.`);
      }
    }
    const client = this.#client(provider);
    const { authorizationUrl, pending } = await client.begin({ connection });
    await this.#states.save({ pending, platform, createdAt: this.#clock.now().getTime() });
    return { authorizationUrl, platform };
  }

  /** Finishes a flow: exchanges the code, finds or creates the user, and says where to go. */
  async finishLogin(provider: ProviderName, query: CallbackQuery, callbackUrl: URL): Promise<CallbackOutcome> {
    if (!query.state || (!query.code && !query.error)) {
      throw badRequest('invalid_request', 'The callback needs code and state.');
    }
    // Consumed whatever happens next, so a callback can never be replayed.
    const login = await this.#states.take(query.state);
    const expired = login && this.#clock.now().getTime() - login.createdAt > this.#config.loginStateTtl * 1000;
    if (!login || expired || login.pending.provider !== provider) {
      throw unauthorized('invalid_state', 'The sign-in session is unknown or expired. Start again.');
    }
    if (query.error) {
      const code = /^[a-z_]{1,64}$/.test(query.error) ? query.error : 'server_error';
      return { location: this.#withParams(this.#target(login.platform), { error: code }) };
    }
    const identity = await this.#client(provider).complete(callbackUrl, login.pending);
    const { row, created } = await this.#users.provision({
      authProvider: provider, subject: identity.subject, name: identity.name, email: identity.email,
    });
    const newUser: Record<string, string> = created ? { isNewUser: 'true' } : {};
    if (login.platform === 'mobile') {
      const refreshToken = await this.#tokens.issueOneTimeRefreshToken(row.id);
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

