import type { Config } from '../../config/index.ts';
import type { RateLimitBackend } from '../../platform/kv/index.ts';
import { RateLimit } from '../../platform/rate-limit/rate-limiter.ts';
import type { RateLimitClass } from './access-policy.ts';

export type RateLimits = Record<RateLimitClass, { anonymous: RateLimit; user: RateLimit }>;

/** A write class: only ever taken for a signed-in user, keyed by the user. */
const perUser = (bucket: RateLimit) => ({ anonymous: bucket, user: bucket });

/** The buckets behind each rate-limit class of the access policy, with the configured figures. */
export function rateLimitsFor(figures: Config['rateLimits'], backend: RateLimitBackend, keyPrefix: string): RateLimits {
  const limit = (name: string, points: number) => new RateLimit({ name, points, backend, keyPrefix });
  const share = limit('share', figures.shareResolve);
  // The HTML page has a bucket of its own (same figure), so a visit does not spend the app's resolves.
  const sharePage = limit('share-page', figures.shareResolve);
  const signIn = limit('sign-in', figures.signIn);
  return {
    'public-read': { anonymous: limit('public-anon', figures.publicAnon), user: limit('public-user', figures.publicUser) },
    'share-resolve': { anonymous: share, user: share },
    'share-page': { anonymous: sharePage, user: sharePage },
    'sign-in': { anonymous: signIn, user: signIn },
    participation: perUser(limit('participation', figures.participation)),
    'join-request': perUser(limit('join-request', figures.joinRequest)),
    membership: perUser(limit('membership', figures.membership)),
    'device-registration': perUser(limit('device-registration', figures.deviceRegistration)),
    profile: perUser(limit('profile', figures.profile)),
    write: perUser(limit('write', figures.write)),
    chat: perUser(limit('chat', figures.chat)),
  };
}
