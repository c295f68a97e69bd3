import { BoundedMap } from './bounded-map.ts';
import { type ByteMeter, entryBytes, unbudgeted } from './cache-budget.ts';

/**
 * A small in-process cache of records by id, for reference data that many requests read and
 * admins rarely write (activity names, skill levels, venue summaries).
 *
 * The owning service clears it around its own writes (`clearAfter`), so this process sees them at
 * once; other instances sharing the database see them within `ttlMs`, which bounds how stale an
 * entry can be. A reader that knows a version of the data (a counter every write to it bumps, read
 * before this call) may ask for entries loaded at that version only: those are never stale. Ids the
 * loader does not answer are not remembered, so a record created elsewhere is found at once.
 */
export class ByIdCache<V> {
  readonly #ttlMs: number;
  readonly #now: () => number;
  /** Bounded memory whatever the ids: the oldest entries make room. */
  readonly #entries: BoundedMap<string, { value: V; expiresAt: number; version: string | undefined }>;
  /** Bumped by clear(): a load that started before a write must not store what it read. */
  #generation = 0;

  /** `meter`: this cache's share of CACHE_MB, counted in bytes of each entry's id and JSON. */
  constructor(options: { ttlMs: number; meter?: ByteMeter; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#entries = new BoundedMap(options.meter ?? unbudgeted('by-id'));
    this.#now = options.now ?? (() => performance.now());
  }

  /**
   * The values of `ids` (duplicates allowed), loading only the missing or expired ones, in one call.
   * With `version`, an entry loaded at another version counts as missing.
   */
  async getMany(ids: Iterable<string>, load: (missing: string[]) => Promise<Map<string, V>>, version?: string): Promise<Map<string, V>> {
    const now = this.#now();
    const found = new Map<string, V>();
    const missing = new Set<string>();
    for (const id of ids) {
      if (found.has(id) || missing.has(id)) continue;
      const entry = this.#entries.get(id);
      if (entry && entry.expiresAt > now && (version === undefined || entry.version === version)) found.set(id, entry.value);
      else missing.add(id);
    }
    if (missing.size === 0) return found;
    const generation = this.#generation;
    const loaded = await load([...missing]);
    const store = generation === this.#generation;
    const expiresAt = this.#now() + this.#ttlMs;
    for (const [id, value] of loaded) {
      found.set(id, value);
      if (store) this.#entries.set(id, { value, expiresAt, version }, entryBytes(id, value));
    }
    return found;
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}

/** Runs a write that may change cached records, then clears the caches, even if it failed midway. */
export async function clearAfter<T>(caches: ByIdCache<unknown>[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    for (const cache of caches) cache.clear();
  }
}
