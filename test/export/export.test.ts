import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { exportDatabase, importDatabase } from '../../src/platform/db/portable/index.ts';
import { seedAll, userIdOf, type Shape } from '../../bench/seed.ts';
import { realBackend } from '../helpers/backends.ts';
import { TestClock } from '../helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../helpers/games.ts';
import { createUser } from '../helpers/users.ts';
import { embeddedPlace, openPlace, postgresPlace, reads, startService, tableFiles, type Place, type Readers } from './world.ts';

const files = mkdtempSync(path.join(tmpdir(), 'svc-export-files-'));
const places: Place[] = [];
after(async () => {
  for (const place of places) await place.drop();
  rmSync(files, { recursive: true, force: true });
});

async function place(kind: Place['kind']): Promise<Place> {
  const made = kind === 'postgres' ? await postgresPlace() : await embeddedPlace();
  places.push(made);
  return made;
}

async function exportFrom(from: Place, name: string): Promise<string> {
  const file = path.join(files, `${name}.tar.gz`);
  const database = await openPlace(from);
  try {
    await exportDatabase(database, file);
  } finally {
    await database.close();
  }
  return file;
}

async function importInto(to: Place, file: string): Promise<void> {
  const database = await openPlace(to);
  try {
    await importDatabase(database, file);
  } finally {
    await database.close();
  }
}

async function readsOn(on: Place, clock: TestClock, readers: Readers, listingPages: number): Promise<Record<string, unknown>> {
  const app = await startService(on, clock);
  try {
    return await reads(app, readers, listingPages);
  } finally {
    await app.close();
  }
}

/**
 * People acting through the API on whatever is there: a host with two games, a player who joins
 * both and bookmarks one, a cancellation (the player is notified) and a join (the host is).
 */
async function act(app: FastifyInstance, clock: TestClock): Promise<Readers> {
  const admin = await createUser(app, { admin: true });
  const sport = await createSport(app, admin, { name: 'Squash' });
  const host = await onboardedUser(app, 'Host');
  const player = await onboardedUser(app, 'Player');
  const kept = await createGame(app, host, gameBody(sport, clock.now(), 48, { title: 'Kept' }));
  const cancelled = await createGame(app, host, gameBody(sport, clock.now(), 96, { title: 'Cancelled', price: '12.75' }));
  for (const game of [kept, cancelled]) {
    const joined = await app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth });
    assert.equal(joined.statusCode, 201, joined.body);
  }
  const bookmarked = await app.inject({ method: 'POST', url: '/api/v1/game-bookmarks', headers: player.auth, payload: { gameId: kept.id } });
  assert.equal(bookmarked.statusCode, 201, bookmarked.body);
  const cancel = await app.inject({ method: 'DELETE', url: `/api/v1/games/${cancelled.id}`, headers: host.auth });
  assert.equal(cancel.statusCode, 204, cancel.body);
  return { userIds: [host.id, player.id], gameIds: [kept.id, cancelled.id] };
}

/**
 * The round trip: the reads on the embedded source, then embedded → PostgreSQL (when the suite has
 * one) → embedded, each import answering the same reads, and each re-export the same text.
 */
async function roundTrip(source: Place, clock: TestClock, before: Record<string, unknown>, readers: Readers, listingPages: number): Promise<void> {
  assert.ok((before.listing as unknown[]).length > 0, 'the listing has games to compare');
  let file = await exportFrom(source, 'source');
  const exported = await tableFiles(file);
  assert.match(exported['(sequences)'] ?? '', /"notifications_seq_seq","lastValue":"[1-9]/, 'notifications were written, so their sequence moved');
  const hops: Array<Place['kind']> = realBackend ? ['postgres', 'embedded'] : ['embedded'];
  for (const [i, kind] of hops.entries()) {
    const target = await place(kind);
    await importInto(target, file);
    file = await exportFrom(target, `hop-${i}-${kind}`);
    assert.deepEqual(await tableFiles(file), exported, `every row of every table, and every sequence, comes back the same from ${kind}`);
    assert.deepEqual(await readsOn(target, clock, readers, listingPages), before, `the reads on ${kind} answer as on the source`);
  }
}

describe('export and import: the sample data npm start loads', () => {
  it('answers the same reads after embedded → PostgreSQL → embedded', async () => {
    const clock = new TestClock(new Date('2031-06-02T01:00:00Z'));
    const source = await place('embedded');
    const app = await startService(source, clock, { SAMPLE_GAMES: 'true' });
    let readers: Readers;
    let before: Record<string, unknown>;
    try {
      const sample = (await app.inject({ url: '/api/v1/games?size=5' })).json().data.content as Array<{ id: string; organizer: { id: string } }>;
      assert.ok(sample.length > 0, 'the sample games are there');
      const acted = await act(app, clock);
      readers = { userIds: [...acted.userIds, sample[0]!.organizer.id], gameIds: [...acted.gameIds, sample[0]!.id] };
      before = await reads(app, readers, Infinity);
    } finally {
      await app.close();
    }
    await roundTrip(source, clock, before, readers, Infinity);
  });
});

const SHAPE: Shape = { games: 2_000, users: 400, venues: 30, hosts: 100 };

describe('export and import: the bench data set, generated', () => {
  it('answers the same reads after embedded → PostgreSQL → embedded', async () => {
    // The bench rows are laid out around the database's now(), so the clock stands there too.
    const clock = new TestClock(new Date());
    const source = await place('embedded');
    const database = await openPlace(source);
    let benchUsers: string[];
    try {
      await seedAll(database.db, SHAPE);
      // A host of bench games and a player in some.
      benchUsers = [await userIdOf(database.db, 1), await userIdOf(database.db, SHAPE.hosts + 7)];
    } finally {
      await database.close();
    }
    const app = await startService(source, clock);
    let readers: Readers;
    let before: Record<string, unknown>;
    try {
      const acted = await act(app, clock);
      readers = { userIds: [...acted.userIds, ...benchUsers], gameIds: acted.gameIds };
      before = await reads(app, readers, 8);
    } finally {
      await app.close();
    }
    await roundTrip(source, clock, before, readers, 8);
  });
});
