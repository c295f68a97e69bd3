/**
 * The API client without signal. A write is refused in words before it leaves when the browser knows
 * it is offline, and said to be unanswered when the network failed it; nothing is queued for later.
 * A read the service worker answered from its saved copy is noted with when it was saved, so the
 * page can say so (SavedCopyNotice).
 */
import { useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { t } from '../i18n';
import { READS_CACHE, SAVED_AT } from './names';

/** A write that was not sent: the browser is offline. */
export class OfflineWrite extends Error {}

const isWrite = (request: Request) => request.method !== 'GET' && request.method !== 'HEAD';

/** Path → when its saved copy came from the service, for the answers on screen that were saved copies. */
let saved = new Map<string, string>();
const listeners = new Set<() => void>();
const publish = (next: Map<string, string>) => {
  saved = next;
  listeners.forEach((listener) => listener());
};

api.use({
  onRequest({ request }) {
    if (isWrite(request) && !navigator.onLine) throw new OfflineWrite(t.offline.writeOffline);
    return undefined;
  },
  onResponse({ request, response }) {
    const path = new URL(request.url).pathname;
    const at = response.headers.get(SAVED_AT);
    if (at) publish(new Map(saved).set(path, at));
    else if (saved.has(path)) {
      const next = new Map(saved);
      next.delete(path);
      publish(next);
    }
    return undefined;
  },
  onError({ request }) {
    return isWrite(request) ? new Error(t.offline.writeUnanswered) : undefined;
  },
});

/** The oldest saved copy on screen (an ISO time), or undefined when everything shown is fresh. */
export function useSavedCopy(): string | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => [...saved.values()].sort()[0],
  );
}

/** Forgets what is on screen (a new page asks again); the saved copies stay. */
export const clearSavedNotes = () => {
  if (saved.size) publish(new Map());
};

/** Empties the saved copies of the signed-in reads: nobody else sees them after sign-out. */
export async function forgetSavedCopies(): Promise<void> {
  clearSavedNotes();
  if ('caches' in window) await caches.delete(READS_CACHE);
}
