import { sign } from 'node:crypto';
import { jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { Config } from '../../config/index.ts';
import { BoundedMap } from '../../platform/cache/bounded-map.ts';
import { type ByteMeter, entryBytes, unbudgeted } from '../../platform/cache/cache-budget.ts';
import type { Clock } from '../../platform/clock.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import type { SigningKeys } from './signing-keys.ts';

export interface TokenSubject {
  id: string;
  authProvider: string;
  providerSubject: string;
}

export interface AccessClaims extends JWTPayload {
  sub: string;
  auth_provider: string;
  national_uuid?: string;
  social_uuid?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SKEW_SECONDS = 30;

const encodePart = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export class AccessTokens {
  readonly #keys: SigningKeys;
  readonly #jwt: Readonly<Config>['jwt'];
  readonly #clock: Clock;
  readonly #audiences: string[];
  /** Tokens whose signature this process checked: a signed-in client sends the same one until it expires. */
  readonly #verified: BoundedMap<string, Readonly<AccessClaims>>;

  /** `meter`: the `verifiedTokens` share of CACHE_MB; past it the oldest checked tokens are checked again. */
  constructor(keys: SigningKeys, jwt: Readonly<Config>['jwt'], clock: Clock, meter: ByteMeter = unbudgeted('verifiedTokens')) {
    this.#verified = new BoundedMap(meter);
    this.#keys = keys;
    this.#jwt = jwt;
    this.#clock = clock;
    this.#audiences = [jwt.audience, `${jwt.audience}:web`, `${jwt.audience}:mobile`];
  }

  async issue(subject: TokenSubject): Promise<{ token: string; expiresAt: number }> {
    const now = Math.floor(this.#clock.now().getTime() / 1000);
    const expiresAt = now + this.#jwt.accessTokenTtl;
    const providerClaim =
      subject.authProvider === 'national'
        ? { national_uuid: subject.providerSubject }
        : subject.authProvider === 'social'
          ? { social_uuid: subject.providerSubject }
          : {};
    // Compact JWS by hand with node:crypto (the same header and claims jose's SignJWT wrote):
    // every sign-in and refresh signs, and the WebCrypto path cost three times the CPU.
    const header = encodePart({ alg: 'ES256', kid: this.#keys.signer.kid, typ: 'JWT' });
    const payload = encodePart({
      auth_provider: subject.authProvider,
      ...providerClaim,
      sub: subject.id,
      iss: this.#jwt.issuer,
      aud: this.#jwt.audience,
      iat: now,
      nbf: now,
      exp: expiresAt,
    });
    const input = `${header}.${payload}`;
    // ES256 wants the raw r||s signature (IEEE P1363), not DER.
    const signature = sign('sha256', Buffer.from(input), { key: this.#keys.signer.key, dsaEncoding: 'ieee-p1363' });
    return { token: `${input}.${signature.toString('base64url')}`, expiresAt };
  }

  /**
   * Only ES256, only known key ids, our issuer, one of the three audiences, 30 s of skew. A token
   * checked once is remembered until it expires: the signature and claims of the same bytes cannot
   * change, so a repeat costs a look-up and the time checks (about half a millisecond less of CPU
   * per signed-in request). Revocation is the account check's, after this one, on every request.
   */
  async verify(token: string): Promise<AccessClaims> {
    const known = this.#verified.get(token);
    if (known) {
      const now = Math.floor(this.#clock.now().getTime() / 1000);
      if (known.exp! > now - SKEW_SECONDS && known.nbf! <= now + SKEW_SECONDS) return known;
      this.#verified.delete(token);
    }
    const claims = await this.#check(token);
    this.#verified.set(token, Object.freeze(claims), entryBytes(token, claims));
    return claims;
  }

  async #check(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(
        token,
        (header) => {
          const key = header.kid ? this.#keys.verifiers.get(header.kid) : undefined;
          if (!key) throw new joseErrors.JWKSNoMatchingKey();
          return key;
        },
        {
          algorithms: ['ES256'],
          issuer: this.#jwt.issuer,
          audience: this.#audiences,
          clockTolerance: SKEW_SECONDS,
          currentDate: this.#clock.now(),
          requiredClaims: ['sub', 'iat', 'exp', 'nbf'],
        },
      );
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub) || typeof payload.auth_provider !== 'string') {
        throw new Error('claims out of shape');
      }
      return payload as AccessClaims;
    } catch {
      throw unauthorized('invalid_token', 'The access token is missing, invalid or expired.');
    }
  }
}
