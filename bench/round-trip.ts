/**
 * `npm run bench:round-trip [-- --pages=N] [-- --small]`: the export and import round trip on the bench's data set
 * (bench/seed.ts MAIN: 100,000 games). Seeds an embedded database, lets a host and a player act
 * through the API (games, a join, a cancellation: notifications and counters), reads what clients
 * read (the public listing's first N pages of 50, default 40; games; each reader's games,
 * notifications, counters and bookmarks), then embedded → export → a new PostgreSQL database →
 * export → a new embedded database, and checks that each import answers the same reads and each
 * re-export holds the same rows. Prints each step's time; docs/operations.md records a run.
 * TEST_DATABASE_URL / TEST_REDIS_URL (default the local PostgreSQL and Redis) are where it works.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';
// After the defaults: the backends helper reads them when it loads.
const { exportDatabase, importDatabase } = await import('../src/platform/db/portable/index.ts');
const { MAIN, seedAll, userIdOf } = await import('./seed.ts');
const { TestClock } = await import('../test/helpers/clock.ts');
const { createGame, createSport, gameBody, onboardedUser } = await import('../test/helpers/games.ts');
const { createUser } = await import('../test/helpers/users.ts');
const world = await import('../test/export/world.ts');

type Place = Awaited<ReturnType<typeof world.embeddedPlace>>;
type Readers = Parameters<typeof world.reads>[1];

const pagesArg = process.argv.find((arg) => arg.startsWith('--pages='));
const PAGES = pagesArg ? Number(pagesArg.slice(8)) : 40;
// `--small`: the test's 2,000 games, to try the script itself quickly.
const SHAPE = process.argv.includes('--small') ? { games: 2_000, users: 400, venues: 30, hosts: 100 } : MAIN;
const files = mkdtempSync(path.join(tmpdir(), 'bench-round-trip-'));
const places: Place[] = [];
// The bench rows are laid out around the database's now(), so the service's clock stands there too.
const clock = new TestClock(new Date());

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  process.stdout.write(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  return result;
}

async function withDatabase<T>(place: Place, work: (database: Awaited<ReturnType<typeof world.openPlace>>) => Promise<T>): Promise<T> {
  const database = await world.openPlace(place);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function withService<T>(place: Place, work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await world.startService(place, clock);
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

/** A host with two games, a player in both; one is cancelled (the player is told), one joined (the host is). */
async function act(app: FastifyInstance): Promise<Readers> {
  const admin = await createUser(app, { admin: true });
  const sport = await createSport(app, admin, { name: 'Round-trip squash' });
  const host = await onboardedUser(app, 'Round-trip host');
  const player = await onboardedUser(app, 'Round-trip player');
  const kept = await createGame(app, host, gameBody(sport, clock.now(), 48, { title: 'Kept' }));
  const cancelled = await createGame(app, host, gameBody(sport, clock.now(), 96, { title: 'Cancelled' }));
  for (const game of [kept, cancelled]) {
    const joined = await app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth });
    assert.equal(joined.statusCode, 201, joined.body);
  }
  const cancel = await app.inject({ method: 'DELETE', url: `/api/v1/games/${cancelled.id}`, headers: host.auth });
  assert.equal(cancel.statusCode, 204, cancel.body);
  return { userIds: [host.id, player.id], gameIds: [kept.id, cancelled.id] };
}

async function exportFrom(place: Place, name: string): Promise<string> {
  const file = path.join(files, `${name}.tar.gz`);
  const manifest = await timed(`export from ${place.kind}`, () => withDatabase(place, (database) => exportDatabase(database, file)));
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(`  file: ${(statSync(file).size / 1e6).toFixed(1)} MB, ${rows} rows\n`);
  return file;
}

async function newPlace(kind: Place['kind']): Promise<Place> {
  const place = kind === 'postgres' ? await world.postgresPlace() : await world.embeddedPlace();
  places.push(place);
  return place;
}

try {
  const source = await newPlace('embedded');
  const benchUsers = await timed(`seed ${SHAPE.games} games (embedded)`, () =>
    withDatabase(source, async (database) => {
      await seedAll(database.db, SHAPE);
      // A host of bench games and a player in some, as in the test on the smaller set.
      return [await userIdOf(database.db, 1), await userIdOf(database.db, SHAPE.hosts + 7)];
    }),
  );
  const { readers, before } = await timed(`act and read (embedded, ${PAGES} listing pages)`, () =>
    withService(source, async (app) => {
      const acted = await act(app);
      const readers: Readers = { userIds: [...acted.userIds, ...benchUsers], gameIds: acted.gameIds };
      return { readers, before: await world.reads(app, readers, PAGES) };
    }),
  );
  assert.equal((before.listing as unknown[]).length, PAGES * 50, 'the listing has that many pages to compare');
  let file = await exportFrom(source, 'source');
  const exported = await world.tableFiles(file);
  for (const kind of ['postgres', 'embedded'] as const) {
    const target = await newPlace(kind);
    await timed(`import into a new ${kind} database`, () => withDatabase(target, (database) => importDatabase(database, file)));
    const after = await timed(`read (${kind})`, () => withService(target, (app) => world.reads(app, readers, PAGES)));
    assert.deepEqual(after, before, `the reads on ${kind} answer as on the source`);
    process.stdout.write(`  the reads on ${kind} answer as on the embedded source\n`);
    file = await exportFrom(target, `from-${kind}`);
    assert.deepEqual(await world.tableFiles(file), exported, `every row and sequence comes back the same from ${kind}`);
    process.stdout.write(`  the export from ${kind} holds the same rows and sequences\n`);
  }
  process.stdout.write('round trip: the same on every hop\n');
} finally {
  for (const place of places) await place.drop();
  rmSync(files, { recursive: true, force: true });
}
