import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateSigningJwk } from '../../src/modules/tokens/signing-keys.ts';
import { request } from './http.ts';
import { ServiceInstance } from './instances.ts';
import { PostgresCluster } from './postgres.ts';
import { PrivateRedis } from './redis.ts';

export const INTERNAL_SECRET = randomBytes(24).toString('hex');

export interface Environment {
  pg: PostgresCluster;
  database: { name: string; url: string };
  redis: PrivateRedis;
  instances: ServiceInstance[];
  router: Router;
  close(): Promise<void>;
}

/**
 * Two (or more) instances of the real service as separate processes, on one fresh PostgreSQL
 * database of the chosen cluster and one private Redis, sharing one JWT signing key set.
 * close() ends everything it started, even after a failed start.
 */
export async function startEnvironment(
  options: {
    instances?: number;
    env?: Record<string, string>;
    /** Instances with their inspector on a loopback port, for `collectGarbage()`. */
    inspectable?: boolean;
    /** How long each instance may take to answer health (60 s). */
    startWithinMs?: number;
    /** Started once the database exists (a pooler in front of it, another Redis): its variables win. */
    topology?: (database: { name: string; url: string }) => Promise<{ env: Record<string, string>; close(): Promise<void> }>;
  } = {},
): Promise<Environment> {
  const pg = new PostgresCluster();
  await pg.ensureRunning();
  const cleanups: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
    cleanups.length = 0;
  };
  try {
    const database = await pg.createDatabase();
    cleanups.push(() => database.drop());
    const redis = await PrivateRedis.start();
    cleanups.push(() => redis.stop());
    const topology = await options.topology?.(database);
    if (topology) cleanups.push(() => topology.close());
    const signingKeys = JSON.stringify({ keys: [await generateSigningJwk()] });
    const env: Record<string, string> = {
      APP_PROFILE: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      JWT_SIGNING_KEYS: signingKeys,
      INTERNAL_SECRET,
      AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true',
      // The ledger checks strict single use (no token rotates twice, none works again after the
      // run); the previous token's grace for a retried refresh is tested in tokens.grace.test.ts.
      REFRESH_REUSE_GRACE_MS: '0',
      RATE_LIMIT_PUBLIC_ANON: '1000000',
      RATE_LIMIT_PUBLIC_USER: '1000000',
      RATE_LIMIT_SHARE_RESOLVE: '1000000',
      RATE_LIMIT_PARTICIPATION: '1000000',
      RATE_LIMIT_JOIN_REQUEST: '1000000',
      RATE_LIMIT_MEMBERSHIP: '1000000',
      RATE_LIMIT_DEVICE_REGISTRATION: '1000000',
      RATE_LIMIT_PROFILE: '1000000',
      RATE_LIMIT_WRITE: '1000000',
      RATE_LIMIT_CHAT: '1000000',
      RATE_LIMIT_SIGN_IN: '1000000',
      JOBS_ENABLED: 'true',
      ...topology?.env,
      ...options.env,
    };
    const instances: ServiceInstance[] = [];
    // One after the other: the first applies the migrations, the rest find them applied.
    for (let i = 0; i < (options.instances ?? 2); i++) {
      const instance = await ServiceInstance.start(String.fromCharCode(65 + i), env, options.startWithinMs, options.inspectable);
      instances.push(instance);
      cleanups.push(() => instance.close());
    }
    const router = new Router(instances);
    cleanups.push(async () => router.stop());
    return { pg, database, redis, instances, router, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The client's load balancer: round robin over the instances it believes are up. A connection
 * error marks an instance down; a prober puts it back once its health endpoint answers 200.
 */
export class Router {
  readonly instances: ServiceInstance[];
  readonly #down = new Set<string>();
  #next = 0;
  #stopped = false;
  /** every time an instance was taken out of rotation, in ms since the epoch */
  readonly markedDown: Array<{ node: string; at: number }> = [];

  constructor(instances: ServiceInstance[]) {
    this.instances = instances;
  }

  pick(): ServiceInstance {
    const up = this.instances.filter((i) => !this.#down.has(i.name));
    const pool = up.length ? up : this.instances;
    return pool[this.#next++ % pool.length]!;
  }

  /** Every instance in rotation (for the refresh race, which wants two different ones). */
  upInstances(): ServiceInstance[] {
    return this.instances.filter((i) => !this.#down.has(i.name));
  }

  isUp(name: string) {
    return !this.#down.has(name);
  }

  markDown(instance: ServiceInstance) {
    if (this.#down.has(instance.name) || this.#stopped) return;
    this.#down.add(instance.name);
    this.markedDown.push({ node: instance.name, at: Date.now() });
    void this.#probe(instance);
  }

  async #probe(instance: ServiceInstance) {
    while (!this.#stopped) {
      await sleep(250);
      try {
        const answer = await request(instance.base, { method: 'GET', path: '/api/v1/public/health', timeoutMs: 1000 });
        if (answer.status === 200) break;
      } catch {
        // still down
      }
    }
    this.#down.delete(instance.name);
  }

  stop() {
    this.#stopped = true;
  }
}
