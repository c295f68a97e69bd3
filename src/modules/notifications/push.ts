import type { FastifyBaseLogger } from 'fastify';

export interface PushMessage {
  notificationId: string;
  type: string;
  title: string;
  message: string;
  resourceType: string;
  resourceId: string;
}

/** A push service's Retry-After (FCM's and the browsers' alike): seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

export type PushPlatform = 'ANDROID' | 'IOS' | 'WEB' | 'WEB_PUSH';

export interface PushTarget {
  /** The FCM or APNs token; for WEB_PUSH, the subscription's endpoint URL. */
  deviceToken: string;
  platform: PushPlatform;
  /** WEB_PUSH only: the browser's P-256 public key and auth secret (base64url), to encrypt the payload to. */
  webPushKeys?: { p256dh: string; auth: string };
}

/**
 * What became of one push: `sent`; `retry` (the service is busy or down; `afterMs` when it said
 * how long to wait); `dead-token` (the device is gone for good: FCM's UNREGISTERED, or
 * INVALID_ARGUMENT about the token); `failed` (refused for another reason; not retried).
 */
export type PushResult =
  | { outcome: 'sent' }
  | { outcome: 'retry'; afterMs?: number; reason: string }
  | { outcome: 'dead-token'; reason: string }
  | { outcome: 'failed'; reason: string };

/**
 * Sends one notification to one device. The delivery worker calls it once per outbox row it
 * claimed (see push.delivery.ts), after commit; it never throws for an answer of the push service.
 */
export interface PushGateway {
  send(message: PushMessage, target: PushTarget): Promise<PushResult>;
  /**
   * Called before rows are claimed; throws when sending is impossible for now (no access token),
   * so rows are not claimed, and leased away from other instances, only to fail.
   */
  ready?(): Promise<void>;
}

/** When no FCM credentials are configured: records that a push would go out, never the token. */
export class LoggingPushGateway implements PushGateway {
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  async send(message: PushMessage, target: PushTarget): Promise<PushResult> {
    this.#log.info({ push: { type: message.type, platform: target.platform } }, 'push notification (logging gateway)');
    return { outcome: 'sent' };
  }
}

/**
 * Web push subscriptions (WEB_PUSH) go to the web push sender, every other device to FCM (or the
 * logging stand-in). Without VAPID keys there is no web push sender: a queued web push is dropped.
 */
export class PlatformPushGateway implements PushGateway {
  readonly #native: PushGateway;
  readonly #web: PushGateway | undefined;

  constructor(native: PushGateway, web: PushGateway | undefined) {
    this.#native = native;
    this.#web = web;
  }

  async ready(): Promise<void> {
    await this.#native.ready?.();
  }

  async send(message: PushMessage, target: PushTarget): Promise<PushResult> {
    if (target.platform !== 'WEB_PUSH') return this.#native.send(message, target);
    if (!this.#web) return { outcome: 'failed', reason: 'web_push_off' };
    return this.#web.send(message, target);
  }
}
