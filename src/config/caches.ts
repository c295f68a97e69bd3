import type { Reader } from './reader.ts';

const MB = 1024 * 1024;

/**
 * The one byte budget of every in-process cache (`CACHE_MB`, default 32), which the caches split
 * among them (src/platform/cache/cache-budget.ts; the listing's pages take half). `PAGE_CACHE_MB`,
 * the page cache's own budget before there was one for all, still works alone: the page cache
 * then gets what it names, and the others their shares of twice that. Both set is refused, as the
 * two could disagree.
 */
export function readCacheBytes(read: Reader): number {
  const pages = read.raw('PAGE_CACHE_MB');
  if (pages === undefined) return read.integer('CACHE_MB', 32, 0, 8192) * MB;
  if (read.raw('CACHE_MB') !== undefined) {
    read.refuse('PAGE_CACHE_MB', 'must not be set with CACHE_MB (set CACHE_MB alone: the page cache takes half of it)');
    return 0;
  }
  return read.integer('PAGE_CACHE_MB', 16, 0, 4096) * 2 * MB;
}
