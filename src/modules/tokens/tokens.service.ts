import type { Config } from '../../config/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { UsersService } from '../users/index.ts';
import type { AccessTokens, AccessClaims, TokenSubject } from './access-tokens.ts';
import type { TokenPair } from './cookies.ts';
import { invalidRefreshToken, type RefreshTokens } from './refresh-tokens.ts';

/** The mobile callback's refresh token travels in a URL, so it lives only this long. */
const ONE_TIME_TTL_SECONDS = 300;

export class TokensService {
  readonly #access: AccessTokens;
  readonly #refresh: RefreshTokens;
  readonly #users: UsersService;

  constructor(deps: { access: AccessTokens; refresh: RefreshTokens; users: UsersService; config: Readonly<Config> }) {
    this.#access = deps.access;
    this.#refresh = deps.refresh;
    this.#users = deps.users;
  }

  verifyAccessToken(token: string): Promise<AccessClaims> {
    return this.#access.verify(token);
  }

  /** A fresh sign-in: new refresh token family. */
  async issuePair(subject: TokenSubject): Promise<TokenPair> {
    const [access, refreshToken] = await Promise.all([this.#access.issue(subject), this.#refresh.issue(subject.id)]);
    return { accessToken: access.token, refreshToken, expiresAt: access.expiresAt };
  }

  /** A refresh token for the mobile deep link: redeemable once, for five minutes. */
  issueOneTimeRefreshToken(userId: string, challenge?: string): Promise<string> {
    return this.#refresh.issue(userId, { ttlSeconds: ONE_TIME_TTL_SECONDS, challenge });
  }

  async refresh(refreshToken: string, codeVerifier?: string): Promise<TokenPair> {
    const rotated = await this.#refresh.rotate(refreshToken, codeVerifier);
    const user = await this.#users.findAccessUser(rotated.userId);
    if (!user) {
      await this.#refresh.revokeAll(rotated.userId);
      throw invalidRefreshToken();
    }
    const access = await this.#access.issue({ id: user.id, authProvider: user.authProvider, providerSubject: user.providerSubject });
    return { accessToken: access.token, refreshToken: rotated.token, expiresAt: access.expiresAt };
  }

  /**
   * Revokes every refresh token of whoever the credentials name, and ends their notification
   * streams on every instance (they were opened with access tokens that outlive the logout);
   * silent when the credentials name no one.
   */
  async logout(credentials: { accessToken?: string; refreshToken?: string }): Promise<void> {
    let userId: string | undefined;
    if (credentials.accessToken) {
      userId = await this.#access.verify(credentials.accessToken).then(
        (claims) => claims.sub,
        () => undefined,
      );
    }
    if (!userId && credentials.refreshToken) userId = await this.#refresh.ownerForLogout(credentials.refreshToken);
    if (!userId) return;
    await this.#refresh.revokeAll(userId);
    await this.#users.sessionsEnded(userId);
  }

  revokeAll(userId: string): Promise<void> {
    return this.#refresh.revokeAll(userId);
  }

  async mintForDevelopment(userId: string): Promise<TokenPair> {
    const user = await this.#users.findAccessUser(userId);
    if (!user) throw notFound('No user has this id.', 'user_not_found');
    return this.issuePair({ id: user.id, authProvider: user.authProvider, providerSubject: user.providerSubject });
  }
}
