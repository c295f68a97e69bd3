import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from '../../src/app.ts';
import { loadConfig, type Config, type RawEnv } from '../../src/config/index.ts';
import type { Backend } from './backends.ts';

export const INTERNAL_SECRET = 'test-internal-secret-0123456789abcdef';

export interface TestApp {
  app: FastifyInstance;
  config: Readonly<Config>;
  close(): Promise<void>;
}

/** A whole service on a fresh database (and a private key prefix on Redis). */
export async function buildTestApp(backend: Backend, env: RawEnv = {}, overrides: AppOverrides = {}): Promise<TestApp> {
  const database = await backend.freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-test-'));
  const config = loadConfig({
    APP_PROFILE: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: backend.redisUrl,
    INTERNAL_SECRET,
    JOBS_ENABLED: 'false',
    AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true',
    ...env,
  });
  const app = await buildApp(config, { storeKeyPrefix: `t:${randomBytes(6).toString('hex')}:`, ...overrides });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
