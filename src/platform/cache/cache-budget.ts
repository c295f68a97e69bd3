/**
 * The in-process caches, by name, and the part of the one byte budget (`CACHE_MB`) each may hold.
 * The listing's pages take half: they are what most requests are answered from. Reader pages are a
 * signed-in caller's own view of a public page. The rest are small records read on every request
 * (the access check's user, a checked token) or on every page (reference names).
 */
export const CACHE_SHARES = {
  pages: 1 / 2,
  readerPages: 1 / 4,
  accessUsers: 1 / 16,
  verifiedTokens: 1 / 16,
  venueSummaries: 1 / 16,
  activityNames: 1 / 32,
  skillLevels: 1 / 32,
} as const;

export type CacheName = keyof typeof CACHE_SHARES;

/** What a cache holds, counted by the cache itself, against what it may hold. */
export class ByteMeter {
  readonly name: string;
  readonly maxBytes: number;
  bytes = 0;

  constructor(name: string, maxBytes: number) {
    this.name = name;
    this.maxBytes = maxBytes;
  }
}

/** A cache made without a budget (scripts, unit tests) still has a bound. */
export const unbudgeted = (name: string): ByteMeter => new ByteMeter(name, 1024 * 1024);

/**
 * One budget split among the caches of one service instance: each asks for its meter by name, and
 * the metrics endpoint reads every meter (`cache_bytes`, `cache_budget_bytes`).
 */
export class CacheBudget {
  readonly #meters = new Map<CacheName, ByteMeter>();

  constructor(totalBytes: number) {
    for (const [name, share] of Object.entries(CACHE_SHARES)) this.#meters.set(name as CacheName, new ByteMeter(name, Math.floor(totalBytes * share)));
  }

  meter(name: CacheName): ByteMeter {
    return this.#meters.get(name)!;
  }

  get meters(): ByteMeter[] {
    return [...this.#meters.values()];
  }
}

/** What an entry is counted as: its key and the length of its JSON, and a little for the map's own slot. */
export const ENTRY_OVERHEAD = 64;
export const entryBytes = (key: string, value: unknown): number => key.length + (JSON.stringify(value)?.length ?? 0) + ENTRY_OVERHEAD;
