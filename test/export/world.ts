import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { extract } from 'tar';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/index.ts';
import { openDatabase, type DatabaseHandle } from '../../src/platform/db/index.ts';
import { realBackend } from '../helpers/backends.ts';
import type { TestClock } from '../helpers/clock.ts';
import { testEnv } from '../helpers/test-app.ts';
import { mintTokens } from '../helpers/users.ts';

/** Where a service's data lives: the embedded database in a folder, or a PostgreSQL database (with Redis). */
export interface Place {
  kind: 'embedded' | 'postgres';
  dataDir: string;
  url: string | undefined;
  drop(): Promise<void>;
}

export async function embeddedPlace(): Promise<Place> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-export-'));
  return { kind: 'embedded', dataDir, url: undefined, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

export async function postgresPlace(): Promise<Place> {
  const database = await realBackend!.freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-export-'));
  return {
    kind: 'postgres',
    dataDir,
    url: database.url,
    drop: async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function openPlace(place: Place): Promise<DatabaseHandle> {
  return openDatabase({ url: place.url, dataDir: place.dataDir });
}

/** The whole service on `place`, with the test's clock; jobs off, so nothing changes between reads. */
export async function startService(place: Place, clock: TestClock, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    ...testEnv({ dataDir: place.dataDir, databaseUrl: place.url, redisUrl: place.kind === 'postgres' ? realBackend!.redisUrl : undefined }),
    AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true',
    RATE_LIMIT_PUBLIC_ANON: '100000',
    ...env,
  });
  const app = await buildApp(config, { clock, storeKeyPrefix: `t:${randomBytes(6).toString('hex')}:` });
  await app.ready();
  return app;
}

/** The people whose own reads are compared: their games, notifications and counters. */
export interface Readers {
  userIds: string[];
  gameIds: string[];
}

async function data(app: FastifyInstance, url: string, auth: Record<string, string> = {}): Promise<unknown> {
  const response = await app.inject({ url, headers: auth });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json().data;
}

/** Every page of a cursor listing (the cursors themselves are sealed per instance, so only the items are compared). */
async function allPages(app: FastifyInstance, url: string, auth: Record<string, string> = {}): Promise<unknown[]> {
  const items: unknown[] = [];
  let cursor: string | null = null;
  do {
    const page = (await data(app, cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url, auth)) as { content: unknown[]; nextCursor: string | null };
    items.push(...page.content);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** What clients read: the public listing page by page, games, venues and activities, and each reader's own games, notifications and counters. */
export async function reads(app: FastifyInstance, readers: Readers, listingPages = Infinity): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {};
  const listing: unknown[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < listingPages; page += 1) {
    const got = (await data(app, `/api/v1/games?size=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)) as {
      content: unknown[];
      nextCursor: string | null;
    };
    listing.push(...got.content);
    cursor = got.nextCursor;
    if (!cursor) break;
  }
  seen.listing = listing;
  seen.activities = await data(app, '/api/v1/activities?size=100');
  seen.venues = await data(app, '/api/v1/venues?size=50');
  for (const id of readers.gameIds) seen[`game ${id}`] = await data(app, `/api/v1/games/${id}`);
  for (const userId of readers.userIds) {
    const { accessToken } = await mintTokens(app, userId);
    const auth = { authorization: `Bearer ${accessToken}` };
    seen[`me ${userId}`] = await data(app, '/api/v1/me', auth);
    seen[`joined ${userId}`] = await allPages(app, '/api/v1/me/games/joined?size=100', auth);
    seen[`hosted ${userId}`] = await allPages(app, '/api/v1/me/games/hosted?size=100', auth);
    seen[`notifications ${userId}`] = await data(app, '/api/v1/notifications?size=100', auth);
    seen[`unread ${userId}`] = await data(app, '/api/v1/notifications/unread-count', auth);
    seen[`bookmarks ${userId}`] = await data(app, '/api/v1/game-bookmarks?size=100', auth);
    for (const id of readers.gameIds) seen[`participants ${id} for ${userId}`] = await data(app, `/api/v1/games/${id}/participants`, auth);
  }
  return seen;
}

/** The table files of an export, by name, and its sequences: two exports of the same data have the same text, whichever database wrote them. */
export async function tableFiles(file: string): Promise<Record<string, string>> {
  const work = mkdtempSync(path.join(tmpdir(), 'svc-export-read-'));
  try {
    await extract({ file, cwd: work });
    const manifest = JSON.parse(readFileSync(path.join(work, 'manifest.json'), 'utf8')) as {
      tables: Array<{ name: string; file: string }>;
      sequences: Array<{ name: string; lastValue: string | null }>;
    };
    const tables = Object.fromEntries(manifest.tables.map((table) => [table.name, readFileSync(path.join(work, table.file), 'utf8')]));
    // Where each sequence stood: an import that did not set them would hand out ids already taken.
    return { ...tables, '(sequences)': JSON.stringify(manifest.sequences) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
