import { hash, sign } from 'node:crypto';
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

/** A checked token's validity window: `[exp, nbf]`, in seconds. */
type CheckedTimes = readonly [number, number];

/** The cache key: the SHA-256 of every byte of the token (43 characters). */
const digestOf = (token: string) => hash('sha256', token, 'base64url');

/** A checked token's claims, read again from its own bytes (the digest matched, so these are the bytes that were checked). */
const claimsOf = (token: string): AccessClaims => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as AccessClaims;

export class AccessTokens {
  readonly #keys: SigningKeys;
  readonly #jwt: Readonly<Config>['jwt'];
  readonly #clock: Clock;
  readonly #audiences: string[];
  /**
   * Tokens whose signature this process checked, by their SHA-256 (a signed-in client sends the same
   * one until it expires): only the times are kept, about 130 bytes a token rather than the ~700 of
   * the token and its claims, so the default share holds some 16,000 (a reconnect storm of 10,000
   * streams checks no signature twice).
   */
  readonly #verified: BoundedMap<string, CheckedTimes>;

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
   * change, so a repeat costs a digest, a look-up, the time checks and decoding the claims again
   * (about half a millisecond less of CPU per signed-in request). The key is the SHA-256 of the
   * whole token: a token differing in any byte is another key, checked in full. Revocation is the
   * account check's, after this one, on every request.
   */
  async verify(token: string): Promise<AccessClaims> {
    const digest = digestOf(token);
    const known = this.#verified.get(digest);
    if (known) {
      const now = Math.floor(this.#clock.now().getTime() / 1000);
      if (known[0] > now - SKEW_SECONDS && known[1] <= now + SKEW_SECONDS) return claimsOf(token);
      this.#verified.delete(digest);
    }
    const claims = await this.#check(token);
    const times: CheckedTimes = [claims.exp!, claims.nbf!];
    this.#verified.set(digest, times, entryBytes(digest, times));
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
