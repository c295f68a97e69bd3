import { sql } from 'drizzle-orm';
import type { Database } from '../src/platform/db/index.ts';

/**
 * Scenario (b′): the anonymous listing when its page cache cannot help: 1,000 distinct
 * filter/cursor combinations (250 filters — a start date and a game type — each at its first four
 * pages) asked in turn, while the page generation is bumped every 50 ms, the way any write to
 * what public pages show bumps it: every request misses (a combination comes round again only
 * after 1,000 others) and pays for its page's statement, as (h) measures that statement alone.
 */

const FILTERS = 250;
const PAGES = 4;

/** The 1,000 paths: each filter's first page and the three after it, by their cursors. */
export async function missPaths(url: string, now: Date): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < FILTERS; i++) {
    const day = new Date(now.getTime() + Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10);
    const base = `/api/v1/games?size=20&fromDate=${day}&gameType=${i % 2 ? 'DOUBLE' : 'SINGLE'}`;
    let cursor: string | null = null;
    for (let page = 0; page < PAGES; page++) {
      const path = cursor ? `${base}&cursor=${encodeURIComponent(cursor)}` : base;
      paths.push(path);
      const response = await fetch(`${url}${path}`);
      if (response.status !== 200) throw new Error(`(b′) ${path}: ${response.status}`);
      cursor = ((await response.json()) as { data: { nextCursor: string | null } }).data.nextCursor;
      if (!cursor) break;
    }
  }
  return paths;
}

/** Bumps one generation stripe every `everyMs` until stopped: no cached page outlives a bump. */
export function bumpGenerations(db: Database, everyMs = 50): () => Promise<void> {
  let running = true;
  const loop = (async () => {
    while (running) {
      await db.execute(sql`UPDATE page_generations SET value = value + 1 WHERE stripe = 0`);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}
