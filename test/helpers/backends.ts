import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/platform/db/index.ts';

/**
 * The suite runs on the embedded defaults always, and on real PostgreSQL + Redis when
 * TEST_DATABASE_URL / TEST_REDIS_URL name them (`.ci/run` sets both).
 */
export interface Backend {
  name: string;
  /** Opens a fresh database for one test app, already migrated; `drop` removes it. */
  freshDatabase(): Promise<{ url: string; drop(): Promise<void> }>;
  redisUrl: string | undefined;
}

const embedded: Backend = {
  name: 'embedded',
  freshDatabase: async () => ({ url: 'memory://', drop: async () => undefined }),
  redisUrl: undefined,
};

function postgres(adminUrl: string, redisUrl: string): Backend {
  return {
    name: 'postgres+redis',
    redisUrl,
    async freshDatabase() {
      const name = `t_${randomBytes(6).toString('hex')}`;
      const template = await migratedTemplate(adminUrl);
      await withClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      return {
        url: databaseUrl(adminUrl, name),
        async drop() {
          await withClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        },
      };
    },
  };
}

let template: Promise<string> | undefined;

/**
 * A database migrated once per set of migrations, which every test database copies: a copy takes
 * a few milliseconds where running the migrations took a large part of each test app's start.
 * Made under an advisory lock, so parallel test processes make it once. Templates of other sets of
 * migrations are left alone: another checkout's tests may be copying them at this moment.
 */
function migratedTemplate(adminUrl: string): Promise<string> {
  template ??= withClient(adminUrl, async (admin) => {
    const name = `t_template_${migrationsKey()}`;
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['test-template']);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return name;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const handle = await openDatabase({ url: databaseUrl(adminUrl, building), dataDir: '' });
      await handle.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['test-template']);
    }
  });
  return template;
}

function migrationsKey(): string {
  const folder = path.join(import.meta.dirname, '..', '..', 'drizzle');
  const hash = createHash('sha256');
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (name.endsWith('.sql') || name.endsWith('_journal.json')) hash.update(name).update(readFileSync(path.join(folder, name)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** `work` on a connection of its own to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The admin connection the real backend creates its databases through (a test may open its own). */
export const adminDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL;

export const realBackend: Backend | undefined =
  adminDatabaseUrl && process.env.TEST_REDIS_URL ? postgres(adminDatabaseUrl, process.env.TEST_REDIS_URL) : undefined;

export const backends: Backend[] = realBackend ? [embedded, realBackend] : [embedded];
