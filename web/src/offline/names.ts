/** Names the service worker (src/sw.ts) and the app share: its caches, and the mark on a saved copy. */

/** The signed-in reads kept for a player without signal; the app empties it on sign-out. */
export const READS_CACHE = 'offline-reads';
/** The entry page as the service last answered it, for a navigation without signal. */
export const SHELL_CACHE = 'offline-shell';
/** Set by the worker on the copy it keeps: when that answer came from the service. */
export const SAVED_AT = 'x-saved-at';

/**
 * The reads kept offline: who is signed in, their games (joined, hosted), a game and its players.
 * GETs only; the API marks them `private, no-cache` for a signed-in caller (docs/offline.md).
 */
export const OFFLINE_READS = [
  /^\/api\/v1\/me$/,
  /^\/api\/v1\/me\/games\/(joined|hosted)$/,
  /^\/api\/v1\/games\/(?!filter-options$)[^/]+$/,
  /^\/api\/v1\/games\/[^/]+\/participants$/,
];
