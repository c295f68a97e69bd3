import { createECDH } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { AppError, validationFailed } from '../../platform/http/errors.ts';
import { NotificationsRepository, type DeviceTokenRow } from './notifications.repository.ts';
import { endpointProblem } from './push.endpoint.ts';

export interface WebPushSubscriptionsDeps {
  db: Database;
  clock: Clock;
  /** VAPID_PUBLIC_KEY; undefined: web push is off. */
  publicKey: string | undefined;
  /** The test profile: a loopback http endpoint (a local push service) is accepted. */
  allowLoopback: boolean;
  maxDevices: number;
}

export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A key the payload could never be encrypted to is refused now, not at every send. */
function onCurve(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

const webPushOff = () => new AppError(503, 'web_push_off', 'Web push is not set up on this service (no VAPID keys).');

/**
 * A browser's push subscription, kept as a device of platform WEB_PUSH: the same per-user bound,
 * preferences, outbox, retries and pruning as a phone's token.
 */
export class WebPushSubscriptions {
  readonly #deps: WebPushSubscriptionsDeps;

  constructor(deps: WebPushSubscriptionsDeps) {
    this.#deps = deps;
  }

  /** What the app needs to subscribe: the application server key, or that web push is off. */
  config(): { enabled: boolean; publicKey: string | null } {
    return { enabled: this.#deps.publicKey !== undefined, publicKey: this.#deps.publicKey ?? null };
  }

  /** Idempotent: the same endpoint again refreshes it (and takes it over from another user, as a device token does). */
  subscribe(userId: string, subscription: WebPushSubscription): Promise<DeviceTokenRow> {
    if (this.#deps.publicKey === undefined) throw webPushOff();
    const problem = endpointProblem(subscription.endpoint, this.#deps.allowLoopback);
    if (problem)
      throw new AppError(400, 'push_endpoint_refused', `The push endpoint ${problem}.`, {
        errors: [{ field: 'endpoint', location: 'body', message: problem }],
      });
    const keys = { p256dh: subscription.keys.p256dh.replace(/=+$/, ''), auth: subscription.keys.auth.replace(/=+$/, '') };
    if (!onCurve(keys.p256dh))
      throw validationFailed(
        [{ field: 'keys.p256dh', location: 'body', message: 'is not a point on the P-256 curve' }],
        "The subscription's key is not valid.",
      );
    const { db, clock, maxDevices } = this.#deps;
    return db.transaction((tx) => new NotificationsRepository(tx).saveDeviceToken(userId, subscription.endpoint, 'WEB_PUSH', clock.now(), maxDevices, keys));
  }

  /** 204 whether or not it was subscribed; only the caller's own subscription goes. */
  unsubscribe(userId: string, endpoint: string): Promise<void> {
    return new NotificationsRepository(this.#deps.db).deleteDeviceToken(userId, endpoint);
  }
}
