import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/index.ts';
import type { Backend } from './backends.ts';
import type { TestClock } from './clock.ts';
import { freePort, startServer, STARTUP_WAIT_MS, stopServers, waitHealthy, type ServerProcess } from './server-process.ts';
import { INTERNAL_SECRET, testEnv } from './test-app.ts';

export interface ProcessPair {
  /** An in-process instance on the test clock, to set the scene in the shared database. */
  setup: FastifyInstance;
  /** Starts two server processes (real clock, jobs off) on the same database and data directory; answers their ports once both are healthy. */
  start(): Promise<number[]>;
  /** Stops the processes and the instance, drops the database, removes the data directory. */
  close(): Promise<void>;
}

/** A fresh database and data directory on the real backend, shared by an instance on `clock` and, once started, two server processes. */
export async function processPair(backend: Backend, clock: TestClock, env: Record<string, string> = {}): Promise<ProcessPair> {
  const database = await backend.freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-pair-'));
  const place = { dataDir, databaseUrl: database.url, redisUrl: backend.redisUrl! };
  // The processes get what a deployment would (their own profile and log level); the instance, the test profile.
  const served = { DATABASE_URL: place.databaseUrl, REDIS_URL: place.redisUrl, INTERNAL_SECRET, JOBS_ENABLED: 'false', DATA_DIR: dataDir, ...env };
  const setup = await buildApp(loadConfig({ ...testEnv(place), AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true', ...env }), {
    clock,
    storeKeyPrefix: `t:${randomBytes(6).toString('hex')}:`,
  });
  await setup.ready();
  let servers: ServerProcess[] = [];
  return {
    setup,
    async start() {
      const ports = [await freePort(), await freePort()];
      servers = ports.map((port) => startServer({ ...served, PORT: String(port) }));
      await Promise.all(ports.map((port) => waitHealthy(`http://127.0.0.1:${port}`, STARTUP_WAIT_MS)));
      return ports;
    },
    async close() {
      await stopServers(servers);
      await setup.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
