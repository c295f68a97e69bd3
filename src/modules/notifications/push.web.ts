import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import type { VapidKeys } from '../../config/index.ts';
import { endpointProblem, guardedLookup, PrivateAddressError } from './push.endpoint.ts';
import { retryAfterMs, type PushGateway, type PushMessage, type PushResult, type PushTarget } from './push.ts';

const TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a browser that is offline: a day, then it is stale news. */
const TTL_SECONDS = 24 * 60 * 60;

export interface WebPushOptions {
  vapid: VapidKeys;
  /** The test profile: http to a loopback push service (a local one in tests) is let through. */
  allowLoopback: boolean;
}

/** What the service worker receives (decrypted): what to show, and which page a click opens. */
export function webPushPayload(message: PushMessage) {
  const page = message.resourceType === 'SERIES' ? 'series' : 'games';
  return {
    notificationId: message.notificationId,
    type: message.type,
    title: message.title,
    body: message.message,
    url: `/app/${page}/${message.resourceId}`,
    // The notification id as tag: a push sent again (its first outcome unknown) replaces the shown one.
    tag: message.notificationId,
  };
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
}

/**
 * Sends through the browser's push service (RFC 8030): the payload encrypted to the subscription's
 * keys (RFC 8291, aes128gcm) and a VAPID token (RFC 8292) signed with our key, both by `web-push`.
 * The request itself is ours, so its DNS lookup can refuse non-public addresses (push.endpoint.ts).
 */
export class WebPushGateway implements PushGateway {
  readonly #options: WebPushOptions;
  readonly #lookup: ReturnType<typeof guardedLookup>;

  constructor(options: WebPushOptions) {
    this.#options = options;
    this.#lookup = guardedLookup(options.allowLoopback);
  }

  async send(message: PushMessage, target: PushTarget): Promise<PushResult> {
    if (!target.webPushKeys) return { outcome: 'dead-token', reason: 'no_keys' };
    if (endpointProblem(target.deviceToken, this.#options.allowLoopback)) return { outcome: 'dead-token', reason: 'endpoint_refused' };
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails({ endpoint: target.deviceToken, keys: target.webPushKeys }, JSON.stringify(webPushPayload(message)), {
        vapidDetails: this.#options.vapid,
        TTL: TTL_SECONDS,
        urgency: 'high',
        // RFC 8030 topic (at most 32 base64url characters): a resend replaces the copy still queued.
        topic: message.notificationId.replaceAll('-', ''),
        contentEncoding: 'aes128gcm',
      });
    } catch {
      // The browser's keys are not a P-256 point and a 16-byte secret: this subscription can never be sent to.
      return { outcome: 'dead-token', reason: 'bad_keys' };
    }
    let answer: Answer;
    try {
      answer = await this.#post(details);
    } catch (error) {
      if (error instanceof PrivateAddressError) return { outcome: 'dead-token', reason: 'endpoint_refused' };
      return { outcome: 'retry', reason: (error as Error).name };
    }
    return classify(answer);
  }

  #post(details: webpush.RequestDetails): Promise<Answer> {
    const url = new URL(details.endpoint);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const body = details.body ?? Buffer.alloc(0);
    return new Promise((resolve, reject) => {
      const request = send(
        url,
        {
          method: 'POST',
          headers: { ...details.headers, 'Content-Length': String(body.length) },
          lookup: this.#lookup,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        },
        (response) => {
          // The answer's body says nothing we act on: drained and dropped.
          response.resume();
          const retryAfter = response.headers['retry-after'];
          response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
}

/**
 * 2xx: the push service has it. 404 and 410: the subscription is gone (expired or unsubscribed),
 * so it is removed. 429 and 5xx: later, never before Retry-After. Anything else (400 malformed,
 * 401/403 a VAPID problem on our side, 413 too large): not this subscription's fault, dropped.
 */
function classify({ status, retryAfter }: Answer): PushResult {
  if (status >= 200 && status < 300) return { outcome: 'sent' };
  if (status === 404 || status === 410) return { outcome: 'dead-token', reason: `http_${status}` };
  if (status === 429 || status >= 500) {
    const wait = retryAfterMs(retryAfter, Date.now());
    return { outcome: 'retry', reason: `http_${status}`, ...(wait !== undefined ? { afterMs: wait } : {}) };
  }
  return { outcome: 'failed', reason: `http_${status}` };
}
