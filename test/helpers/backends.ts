import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The suite runs on the embedded defaults always, and on real PostgreSQL + Redis when
 * TEST_DATABASE_URL / TEST_REDIS_URL name them (`.ci/run` sets both).
 */
export interface Backend {
  name: string;
  /** Opens a fresh, empty database for one test app; `drop` removes it. */
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
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        async drop() {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          } finally {
            await client.end();
          }
        },
      };
    },
  };
}

/** The admin connection the real backend creates its databases through (a test may open its own). */
export const adminDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL;

export const realBackend: Backend | undefined =
  adminDatabaseUrl && process.env.TEST_REDIS_URL ? postgres(adminDatabaseUrl, process.env.TEST_REDIS_URL) : undefined;

export const backends: Backend[] = realBackend ? [embedded, realBackend] : [embedded];
