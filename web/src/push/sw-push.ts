/**
 * The service worker's side of web push: `push` shows the notification the service sent (the
 * payload is JSON: title, body, url, tag), `notificationclick` opens the page it is about. The
 * worker (web/src/sw.ts) imports this module for its effect: `import './push/sw-push';`.
 * The worker's own types are declared here, narrowly, so the app's DOM typings stay as they are.
 */
// The push strings alone: the whole of i18n reads the page (document), which a worker has not.
import { push } from '../i18n/en/push';

interface PushPayload {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
}

interface WorkerWindow {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

interface WorkerScope {
  location: { origin: string };
  registration: { showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WorkerWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: { data: { json(): unknown } | null; waitUntil(work: Promise<unknown>): void }) => void): void;
  addEventListener(
    type: 'pushsubscriptionchange',
    listener: (event: {
      newSubscription?: PushSubscription | null;
      oldSubscription?: PushSubscription | null;
      waitUntil(work: Promise<unknown>): void;
    }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: { notification: { data?: unknown; close(): void }; waitUntil(work: Promise<unknown>): void }) => void,
  ): void;
}

/** Only a page of the app itself is opened: a path under /app/, never another site. */
export function pageOf(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/app/') || url.startsWith('//')) return `${origin}/app/`;
  return new URL(url, origin).href;
}

function read(data: { json(): unknown } | null): PushPayload {
  try {
    const payload = data?.json();
    return payload && typeof payload === 'object' ? payload : {};
  } catch {
    return {};
  }
}

export function registerPushHandlers(scope: WorkerScope): void {
  scope.addEventListener('push', (event) => {
    const payload = read(event.data);
    const title = typeof payload.title === 'string' && payload.title ? payload.title : push.fallbackTitle;
    event.waitUntil(
      scope.registration.showNotification(title, {
        body: typeof payload.body === 'string' ? payload.body : '',
        // The same tag replaces a notification shown already (a push the service had to send again).
        ...(typeof payload.tag === 'string' ? { tag: payload.tag } : {}),
        data: { url: pageOf(payload.url, scope.location.origin) },
      }),
    );
  });

  // The browser replaced the subscription (it expired or its keys rotated): the service is told the new one while
  // the session cookie is still good; the old endpoint answers 410 and is pruned. Otherwise opening the settings does it.
  scope.addEventListener('pushsubscriptionchange', (event) => {
    const next = event.newSubscription;
    if (!next) return;
    event.waitUntil(
      fetch('/api/v1/me/push-subscriptions', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(next.toJSON()),
      }).catch(() => undefined),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | undefined;
    const target = pageOf(typeof data?.url === 'string' ? new URL(data.url).pathname : undefined, scope.location.origin);
    event.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const same = windows.find((client) => client.url === target);
        if (same) return same.focus();
        const app = windows.find((client) => new URL(client.url).pathname.startsWith('/app/') && client.navigate);
        if (app?.navigate) {
          await app.navigate(target);
          return app.focus();
        }
        return scope.clients.openWindow(target);
      })(),
    );
  });
}

// Imported by the service worker: its global scope has `registration` and `clients`; a page's has not.
const scope = globalThis as unknown as Partial<WorkerScope>;
if (scope.registration && scope.clients && typeof scope.addEventListener === 'function') registerPushHandlers(scope as WorkerScope);
