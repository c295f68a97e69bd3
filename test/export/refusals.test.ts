import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/platform/db/index.ts';
import { exportDatabase, importDatabase, ImportRefused } from '../../src/platform/db/portable/index.ts';
import { backends, type Backend } from '../helpers/backends.ts';
import { tableFiles } from './world.ts';

const files = mkdtempSync(path.join(tmpdir(), 'svc-export-refusals-'));
const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(files, { recursive: true, force: true });
});

let backend: Backend = backends[0]!;

/** A new database on the backend under test, migrated as the service leaves it. */
async function fresh(): Promise<DatabaseHandle> {
  const made = await backend.freshDatabase();
  const database = await openDatabase({ url: made.url, dataDir: '' });
  cleanups.push(async () => {
    await database.close();
    await made.drop();
  });
  return database;
}

async function rows<T>(database: DatabaseHandle, query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

const TRICKY = 'Zoë "Q" O\'Neil \\ back\nslash, tab\t and 🏸';

/** A database with one person and their session, as a signed-in service leaves it. */
async function withPerson(): Promise<DatabaseHandle> {
  const database = await fresh();
  await database.db.execute(sql`INSERT INTO users (id, auth_provider, provider_subject, name, email, created_at, updated_at)
    VALUES ('0b6c6f4e-6f1a-4c3e-9d55-2f4b8f1c0a01', 'social', 's-1', ${TRICKY}, 'zoe@example.com', '2031-06-02 01:02:03.456789+00', '2031-06-02 01:02:03.456789+00')`);
  await database.db.execute(sql`INSERT INTO profiles (user_id, contact_methods, created_at, updated_at)
    VALUES ('0b6c6f4e-6f1a-4c3e-9d55-2f4b8f1c0a01', ${JSON.stringify([{ name: 'whatsapp', value: '+65 9123 4567 ☎' }])}::jsonb, now(), now())`);
  await database.db.execute(sql`INSERT INTO kv_entries (key, value, expires_at) VALUES ('refresh:abc', 'session', now() + interval '1 day')`);
  return database;
}

async function exported(database: DatabaseHandle, name: string, options: { includeSessions?: boolean } = {}): Promise<string> {
  const file = path.join(files, `${name}.tar.gz`);
  await exportDatabase(database, file, options);
  return file;
}

async function refusal(file: string, into?: DatabaseHandle): Promise<string> {
  const target = into ?? (await fresh());
  const error = await importDatabase(target, file).then(
    () => assert.fail('the import went through'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof ImportRefused, String(error));
  return error.message;
}

for (const each of backends)
  describe(`export and import: what goes and what is refused (${each.name})`, () => {
    before(() => {
      backend = each;
    });

    it('carries text, timestamps to the microsecond and jsonb exactly, and leaves sessions behind unless asked', async () => {
      const source = await withPerson();
      const file = await exported(source, 'person');
      const target = await fresh();
      const result = await importDatabase(target, file);
      assert.deepEqual(result.manifest.leftBehind, ['kv_entries', 'kv_set_members']);
      const read = sql`SELECT u.name, u.created_at::text AS created, p.contact_methods::text AS contacts FROM users u JOIN profiles p ON p.user_id = u.id`;
      assert.deepEqual(await rows(target, read), await rows(source, read));
      assert.equal((await rows<{ name: string }>(target, sql`SELECT name FROM users`))[0]?.name, TRICKY);
      assert.deepEqual(await rows(target, sql`SELECT key FROM kv_entries`), [], 'sessions stay behind');
      const withSessions = await exported(source, 'person-sessions', { includeSessions: true });
      assert.match((await tableFiles(withSessions)).kv_entries ?? '', /refresh:abc/);
    });

    it('refuses an export from a newer migration level, saying so, and writes nothing', async () => {
      const source = await withPerson();
      // What a newer service leaves: one more migration applied.
      await source.db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at)
      SELECT repeat('f', 64), max(created_at) + 1000 FROM drizzle.__drizzle_migrations`);
      const target = await fresh();
      const message = await refusal(await exported(source, 'newer'), target);
      assert.match(message, /newer version of the service/);
      assert.match(message, /unknown to this service/);
      assert.deepEqual(await rows(target, sql`SELECT id FROM users`), []);
    });

    it('refuses an export from an older migration level', async () => {
      const source = await withPerson();
      await source.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`);
      assert.match(await refusal(await exported(source, 'older')), /older version of the service/);
    });

    it('refuses a database that is not empty, and leaves its rows as they were', async () => {
      const file = await exported(await withPerson(), 'again');
      const target = await fresh();
      await importDatabase(target, file);
      assert.match(await refusal(file, target), /not empty \(.*users.*\)/);
      assert.equal((await rows(target, sql`SELECT id FROM users`)).length, 1);
    });

    it('refuses a file that is not an export', async () => {
      const file = path.join(files, 'not-an-export.tar.gz');
      writeFileSync(file, 'hello');
      assert.match(await refusal(file), /not an export of this service/);
    });
  });
