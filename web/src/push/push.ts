/**
 * Web push in this browser: whether it can be had, and turning it on or off. The service worker
 * (web/src/sw.ts, with the handlers of ./sw-push.ts) shows what arrives. The service decides what
 * is pushed (preferences, quiet hours, muted games); this file only holds the browser's side.
 */
import { api, data, done } from '../api/client';

/** What the notification settings say about this browser. */
export type BrowserPush =
  | 'off-on-service' // the service has no VAPID keys
  | 'unsupported' // no Push API, or no service worker controls the app
  | 'blocked' // the person refused notifications for this site
  | 'off'
  | 'on';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** @calls GET /api/v1/push/web-config */
export function webPushConfig(): Promise<{ enabled: boolean; publicKey: string | null }> {
  return data(api.GET('/api/v1/push/web-config'));
}

/** The app's service worker registration, without waiting for one that will never come. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const mine = keyBytes(publicKey);
  const theirs = new Uint8Array(key);
  return theirs.length === mine.length && theirs.every((byte, index) => byte === mine[index]);
}

/** @calls POST /api/v1/me/push-subscriptions */
async function save(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  const keys = json.keys ?? {};
  await data(
    api.POST('/api/v1/me/push-subscriptions', {
      body: { endpoint: subscription.endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } },
    }),
  );
}

/**
 * Where this browser stands. When it is subscribed, the service is told again (idempotent): a
 * subscription the service pruned, or one of another account on a shared browser, becomes this
 * person's; one made with an old key is replaced.
 */
export async function browserPush(): Promise<BrowserPush> {
  const config = await webPushConfig();
  if (!config.enabled || !config.publicKey) return 'off-on-service';
  const worker = await registration();
  if (!worker) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await worker.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  if (!sameKey(subscription, config.publicKey)) {
    await subscription.unsubscribe();
    await save(await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(config.publicKey) }));
    return 'on';
  }
  await save(subscription);
  return 'on';
}

/** Asks for permission (call it from a click: browsers require a gesture) and subscribes. */
export async function turnOnPush(): Promise<BrowserPush> {
  const config = await webPushConfig();
  if (!config.enabled || !config.publicKey) return 'off-on-service';
  const worker = await registration();
  if (!worker) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const existing = await worker.pushManager.getSubscription();
  if (existing && !sameKey(existing, config.publicKey)) await existing.unsubscribe();
  const subscription =
    existing && sameKey(existing, config.publicKey)
      ? existing
      : await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(config.publicKey) });
  await save(subscription);
  return 'on';
}

/** @calls DELETE /api/v1/me/push-subscriptions */
export async function turnOffPush(): Promise<BrowserPush> {
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (subscription) {
    await done(api.DELETE('/api/v1/me/push-subscriptions', { body: { endpoint: subscription.endpoint } }));
    await subscription.unsubscribe();
  }
  return 'off';
}

const OFFERED = 'push-offered';

/**
 * Whether to offer push now, after a join: once per browser, only while the person has not decided
 * on notifications for this site, and only when both the service and the browser can do it.
 */
export async function shouldOfferPush(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'default') return false;
  try {
    if (localStorage.getItem(OFFERED)) return false;
  } catch {
    return false;
  }
  return (await browserPush()) === 'off';
}

/** The offer was answered (either way): it is not made again in this browser. */
export function pushOffered(): void {
  try {
    localStorage.setItem(OFFERED, '1');
  } catch {
    // Private mode without storage: the offer may come once more, no harm.
  }
}
