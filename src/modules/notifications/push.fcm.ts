import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import type { FcmServiceAccount } from '../../config/index.ts';
import { retryAfterMs, type PushGateway, type PushMessage, type PushResult, type PushTarget } from './push.ts';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const TIMEOUT_MS = 10_000;
/** An access token is renewed this long before it expires. */
const RENEW_MARGIN_S = 300;

export interface FcmOptions {
  serviceAccount: FcmServiceAccount;
  /** FCM_BASE_URL: https://fcm.googleapis.com, or a local fake in tests. */
  baseUrl: string;
  /**
   * Wall-clock seconds for the OAuth assertion and the token's life. They are checked by Google's
   * clock, not the service's, so this is not the injectable service clock.
   */
  nowSeconds?: () => number;
}

/**
 * The service-account flow of OAuth 2.0 (RFC 7523): an RS256 assertion signed with the key from
 * the JSON, exchanged at its `token_uri` for an access token, kept until shortly before it expires.
 */
class AccessTokenSource {
  readonly #options: FcmOptions;
  #key: Promise<CryptoKey> | undefined;
  #current: { token: string; expiresAt: number } | undefined;
  #pending: Promise<string> | undefined;

  constructor(options: FcmOptions) {
    this.#options = options;
  }

  #now(): number {
    return this.#options.nowSeconds?.() ?? Math.floor(Date.now() / 1000);
  }

  async token(): Promise<string> {
    if (this.#current && this.#current.expiresAt - RENEW_MARGIN_S > this.#now()) return this.#current.token;
    // One exchange at a time, however many sends are waiting for it.
    this.#pending ??= this.#exchange().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  /** FCM refused the token (401): the next send gets a fresh one. */
  forget(): void {
    this.#current = undefined;
  }

  async #exchange(): Promise<string> {
    const { serviceAccount } = this.#options;
    this.#key ??= importPKCS8(serviceAccount.privateKey, 'RS256');
    const now = this.#now();
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(serviceAccount.privateKeyId ? { kid: serviceAccount.privateKeyId } : {}) })
      .setIssuer(serviceAccount.clientEmail)
      .setAudience(serviceAccount.tokenUri)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await this.#key);
    const response = await fetch(serviceAccount.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (!response.ok || typeof body.access_token !== 'string') throw new OAuthError(response.status);
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.#current = { token: body.access_token, expiresAt: now + expiresIn };
    return body.access_token;
  }
}

class OAuthError extends Error {
  override name = 'OAuthError';
  readonly status: number;
  constructor(status: number) {
    super(`token endpoint answered ${status}`);
    this.status = status;
  }
}

/**
 * The body FCM v1 expects: the common notification, data for the app, and each platform's block.
 * Every platform block carries the notification id as the message's collapse identity, so a push
 * sent again (its first send's outcome was unknown: see docs/notifications.md) replaces the one the
 * device shows instead of appearing twice. Android gets `notification.tag`, not `collapse_key`: a
 * collapse key per notification would make every message collapsible, and FCM keeps at most four
 * collapse keys per offline device, so pushes waiting for a phone that is off could be dropped.
 */
export function fcmMessage(message: PushMessage, target: PushTarget) {
  const id = message.notificationId;
  const platform =
    target.platform === 'ANDROID'
      ? { android: { priority: 'high', notification: { tag: id } } }
      : target.platform === 'IOS'
        ? { apns: { headers: { 'apns-priority': '10', 'apns-collapse-id': id }, payload: { aps: { sound: 'default' } } } }
        : // RFC 8030 allows a Topic of at most 32 base64url characters: the uuid without its dashes.
          { webpush: { headers: { Urgency: 'high', Topic: id.replaceAll('-', '') }, notification: { tag: id } } };
  return {
    message: {
      token: target.deviceToken,
      notification: { title: message.title, body: message.message },
      data: { notificationId: id, type: message.type, resourceType: message.resourceType, resourceId: message.resourceId },
      ...platform,
    },
  };
}

interface FcmErrorBody {
  error?: { status?: string; message?: string; details?: Array<{ errorCode?: string; fieldViolations?: Array<{ field?: string }> }> };
}

/** Sends through FCM HTTP v1 (`projects/{id}/messages:send`), one device per request. */
export class FcmPushGateway implements PushGateway {
  readonly #tokens: AccessTokenSource;
  readonly #endpoint: string;

  constructor(options: FcmOptions) {
    this.#tokens = new AccessTokenSource(options);
    this.#endpoint = `${options.baseUrl}/v1/projects/${encodeURIComponent(options.serviceAccount.projectId)}/messages:send`;
  }

  async ready(): Promise<void> {
    await this.#tokens.token();
  }

  async send(message: PushMessage, target: PushTarget): Promise<PushResult> {
    let response: Response;
    try {
      const token = await this.#tokens.token();
      response = await fetch(this.#endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(fcmMessage(message, target)),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      // Unreachable, timed out, or no access token: all worth another try later.
      return { outcome: 'retry', reason: error instanceof OAuthError ? `oauth_${error.status}` : (error as Error).name };
    }
    if (response.ok) {
      await response.body?.cancel();
      return { outcome: 'sent' };
    }
    const body = (await response.json().catch(() => ({}))) as FcmErrorBody;
    return this.#classify(response, body);
  }

  #classify(response: Response, body: FcmErrorBody): PushResult {
    const code = errorCode(response, body);
    const wait = retryAfterMs(response.headers.get('retry-after'), Date.now());
    if (response.status === 401) {
      this.#tokens.forget();
      return { outcome: 'retry', reason: 'UNAUTHENTICATED' };
    }
    if (code === 'UNREGISTERED' || code === 'SENDER_ID_MISMATCH') return { outcome: 'dead-token', reason: code };
    if (code === 'INVALID_ARGUMENT') return blamesToken(body) ? { outcome: 'dead-token', reason: code } : { outcome: 'failed', reason: code };
    if (response.status === 429 || response.status >= 500) return { outcome: 'retry', reason: code, ...(wait !== undefined ? { afterMs: wait } : {}) };
    return { outcome: 'failed', reason: code };
  }
}

/** The most specific code FCM gave: a detail's error code, else the error's status, else the HTTP status. */
function errorCode(response: Response, body: FcmErrorBody): string {
  const status = body.error?.status ?? String(response.status);
  const details = body.error?.details ?? [];
  return details.find((detail) => detail.errorCode)?.errorCode ?? status;
}

/** Only a complaint about the token condemns it; a malformed message is our fault, not the device's. */
function blamesToken(body: FcmErrorBody): boolean {
  const details = body.error?.details ?? [];
  return (
    details.some((detail) => detail.fieldViolations?.some((violation) => violation.field === 'message.token')) ||
    /registration token/i.test(body.error?.message ?? '')
  );
}
