import type { RateLimitBackend } from '../kv/index.ts';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** The window every limit counts in: `points` per minute. */
const WINDOW_SECONDS = 60;

/**
 * A fixed-window limiter of `points` per minute. On Redis it is shared by every instance; if
 * Redis fails, an in-memory insurance limiter keeps limiting and the request is still served.
 * Without Redis it counts in this process's memory (see RateLimitBackend).
 */
export class RateLimit {
  readonly limit: number;
  readonly #limiter: RateLimiterAbstract;

  constructor(options: { name: string; points: number; backend: RateLimitBackend; keyPrefix?: string }) {
    this.limit = options.points;
    const common = { points: options.points, duration: WINDOW_SECONDS, keyPrefix: `${options.keyPrefix ?? ''}rl:${options.name}` };
    this.#limiter = options.backend.shared
      ? new RateLimiterRedis({ ...common, storeClient: options.backend.redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(common) })
      : new RateLimiterMemory(common);
  }

  async take(key: string): Promise<RateDecision> {
    try {
      const result = await this.#limiter.consume(key);
      return this.#decision(true, result);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return this.#decision(false, rejection);
      // Neither store answered: serve rather than fail closed on infrastructure trouble.
      return { allowed: true, limit: this.limit, remaining: this.limit, resetSeconds: WINDOW_SECONDS };
    }
  }

  #decision(allowed: boolean, result: RateLimiterRes): RateDecision {
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, result.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
    };
  }
}
