/// <reference lib="webworker" />
/**
 * The service worker, scope /app/: keeps the built app (precached, its list injected at build time),
 * the entry page and the player's last answers to a few reads (offline/names.ts), so the app opens
 * and shows a game's where, when and who without signal. Writes are never touched: they go to the
 * network or fail, and the app says so (docs/offline.md).
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { OFFLINE_READS, READS_CACHE, SAVED_AT, SHELL_CACHE } from './offline/names';
// Web push: its `push`, `notificationclick` and `pushsubscriptionchange` handlers register themselves.
import './push/sw-push';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** A slow network is no network at the venue: after this the saved copy answers. */
const NETWORK_TIMEOUT_SECONDS = 4;

/**
 * Keeps a 200 answer unless it says `no-store` (the API's caching rules hold here too: this cache is
 * the player's own browser, so `private` is fine), stamped with when it came.
 */
const keepable: WorkboxPlugin = {
  async cacheWillUpdate({ response }) {
    if (response.status !== 200 || /no-store/i.test(response.headers.get('cache-control') ?? '')) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT, new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

// The entry page, whichever /app/ path asked for it: one copy, the service's (it carries the time zone).
const entryPage: WorkboxPlugin = { cacheKeyWillBeUsed: async () => `${self.registration.scope}` };
registerRoute(new NavigationRoute(new NetworkFirst({ cacheName: SHELL_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [entryPage] })));

// The cache is emptied on sign-out and holds one person's answers, so the Cookie they vary on is not compared.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && OFFLINE_READS.some((read) => read.test(url.pathname)),
  new NetworkFirst({ cacheName: READS_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, matchOptions: { ignoreVary: true }, plugins: [keepable] }),
  'GET',
);

// A new version waits until the person chooses to reload (shell/UpdatePrompt.tsx), never mid-action.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first worker takes the open page at once, so it works offline without a reload.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
