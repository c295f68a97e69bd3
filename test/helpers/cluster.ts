import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from '../../src/app.ts';
import { loadConfig, type RawEnv } from '../../src/config/index.ts';
import type { Backend } from './backends.ts';
import { testEnv } from './test-app.ts';

export interface TestCluster {
  /** Service instances sharing one database and one key prefix on Redis, as in a deployment. */
  apps: FastifyInstance[];
  close(): Promise<void>;
}

/**
 * Several instances of the service on one fresh PostgreSQL database (and the same Redis keys).
 * The embedded database lives inside one process, so it has no second instance to offer.
 */
export async function buildTestCluster(backend: Backend, size = 2, env: RawEnv = {}, overrides: AppOverrides = {}): Promise<TestCluster> {
  if (!backend.redisUrl) throw new Error('a cluster needs a shared database: use the postgres+redis backend');
  const database = await backend.freshDatabase();
  const storeKeyPrefix = `t:${randomBytes(6).toString('hex')}:`;
  // One data directory: the signing keys generated there by the first instance are every instance's.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-test-'));
  const apps: FastifyInstance[] = [];
  try {
    for (let i = 0; i < size; i++) {
      const config = loadConfig({
        ...testEnv({ dataDir, databaseUrl: database.url, redisUrl: backend.redisUrl }),
        AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true',
        ...env,
      });
      const app = await buildApp(config, { storeKeyPrefix, ...overrides });
      await app.ready();
      apps.push(app);
    }
  } catch (error) {
    for (const app of apps) await app.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    apps,
    async close() {
      for (const app of apps) await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Called in a describe: two instances on `backend` (the real one: pass it even when the suite is
 * skipped without it) built before its tests; after them, the streams pushed to `open` are closed,
 * then the instances.
 */
export function twoInstances(
  backend: Backend | undefined,
  env: RawEnv = {},
  overrides: AppOverrides = {},
): { apps(): [FastifyInstance, FastifyInstance]; open: Array<{ close(): void }> } {
  let cluster: TestCluster | undefined;
  const open: Array<{ close(): void }> = [];
  before(async () => {
    cluster = await buildTestCluster(backend!, 2, env, overrides);
  });
  after(async () => {
    for (const stream of open) stream.close();
    await cluster?.close();
  });
  return { apps: () => cluster!.apps as [FastifyInstance, FastifyInstance], open };
}
