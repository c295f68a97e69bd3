import type { Reader } from './reader.ts';

/** Requests a minute: the public classes per address or user, the write classes per user (docs/access.md). */
export interface RateLimitFigures {
  publicAnon: number;
  publicUser: number;
  shareResolve: number;
  signIn: number;
  participation: number;
  joinRequest: number;
  membership: number;
  deviceRegistration: number;
  profile: number;
  write: number;
  /** Messages in game chats. */
  chat: number;
}

export function parseRateLimits(read: Reader): RateLimitFigures {
  const perMinute = (name: string, fallback: number) => read.integer(name, fallback, 1, 1_000_000);
  return {
    publicAnon: perMinute('RATE_LIMIT_PUBLIC_ANON', 60),
    publicUser: perMinute('RATE_LIMIT_PUBLIC_USER', 240),
    shareResolve: perMinute('RATE_LIMIT_SHARE_RESOLVE', 30),
    signIn: perMinute('RATE_LIMIT_SIGN_IN', 30),
    participation: perMinute('RATE_LIMIT_PARTICIPATION', 30),
    joinRequest: perMinute('RATE_LIMIT_JOIN_REQUEST', 10),
    membership: perMinute('RATE_LIMIT_MEMBERSHIP', 30),
    deviceRegistration: perMinute('RATE_LIMIT_DEVICE_REGISTRATION', 10),
    profile: perMinute('RATE_LIMIT_PROFILE', 30),
    write: perMinute('RATE_LIMIT_WRITE', 120),
    chat: perMinute('RATE_LIMIT_CHAT', 10),
  };
}

/** What one user (or one address) may hold at once, besides the rates above. */
export interface Bounds {
  /** At most this many push devices per user; registering one more forgets the least recently used. */
  maxDevicesPerUser: number;
  /** Repeated acts of one actor on one person about one game within this many seconds update one notification. */
  notificationCoalesceSeconds: number;
  /** Open notification streams per client address and per instance, besides five per user. */
  streamLimits: { perAddress: number; perInstance: number };
}

export function parseBounds(read: Reader): Bounds {
  return {
    maxDevicesPerUser: read.integer('MAX_DEVICES_PER_USER', 10, 1, 1000),
    notificationCoalesceSeconds: read.integer('NOTIFICATION_COALESCE_MINUTES', 10, 0, 24 * 60) * 60,
    streamLimits: {
      perAddress: read.integer('STREAMS_MAX_PER_ADDRESS', 20, 1, 1_000_000),
      perInstance: read.integer('STREAMS_MAX_PER_INSTANCE', 2000, 1, 1_000_000),
    },
  };
}
