import assert from 'node:assert/strict';
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

/** Runs a job in process as the scheduler does (`POST /api/v1/internal/jobs/{name}/run`, answered 200): how many items it handled. */
export async function runJob(app: FastifyInstance, name: string): Promise<number> {
  const response = await app.inject({ method: 'POST', url: `/api/v1/internal/jobs/${name}/run`, headers: { 'x-internal-secret': INTERNAL_SECRET } });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data.processed as number;
}

/** What every in-process test instance runs with: quiet, jobs off (tests run them when they mean to), the test secret. */
export function testEnv(place: { dataDir: string; databaseUrl?: string; redisUrl?: string }): RawEnv {
  return {
    APP_PROFILE: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl,
    REDIS_URL: place.redisUrl,
    INTERNAL_SECRET,
    JOBS_ENABLED: 'false',
  };
}

/** A whole service on a fresh database (and a private key prefix on Redis). */
export async function buildTestApp(backend: Backend, env: RawEnv = {}, overrides: AppOverrides = {}): Promise<TestApp> {
  const database = await backend.freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-test-'));
  const config = loadConfig({
    ...testEnv({ dataDir, databaseUrl: database.url, redisUrl: backend.redisUrl }),
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
