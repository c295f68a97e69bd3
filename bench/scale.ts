import path from 'node:path';
import { generateSigningJwk } from '../src/modules/tokens/signing-keys.ts';
import type { LoadPlan } from './load.ts';
import type { Scenario } from './report.ts';
import { freePort, spawnHealthy, type Service } from './service.ts';

export const TWO_INSTANCES = 'postgres, 2 instances';

export interface ScaleDeps {
  /** The seeded database the one-instance scenarios ran on, and the Redis they used. */
  databaseUrl: string;
  redisUrl: string;
  scratch: string;
  data: { viewerId: string; gameIds: string[]; refreshUserIds: string[] };
  /** run.ts's own: starts the service with its cleanup registered. */
  start(env: Record<string, string>): Promise<Service>;
  /** run.ts's own: one scenario, recorded in the report; CPU summed over `pid`s. */
  scenario(
    id: string,
    title: string,
    config: string,
    plan: Omit<LoadPlan, 'connections' | 'warmupSeconds' | 'rounds' | 'roundSeconds'>,
    options: { note?: string; pid?: number[] },
  ): Promise<Scenario>;
  mint(url: string, userId: string): Promise<string>;
}

/**
 * The horizontal-scaling row: two instances of the service on the same database and Redis (one
 * signing key set between them, as a deployment shares it), behind bench/balancer.ts, under the
 * same load as the one-instance row. Its CPU per request is both instances' together.
 */
export async function twoInstances(deps: ScaleDeps): Promise<void> {
  const env = { DATABASE_URL: deps.databaseUrl, REDIS_URL: deps.redisUrl, JWT_SIGNING_KEYS: JSON.stringify({ keys: [await generateSigningJwk()] }) };
  const instances = [await deps.start(env), await deps.start(env)];
  const port = await freePort();
  const balancer = await spawnHealthy(
    [path.join(import.meta.dirname, 'balancer.ts'), String(port), ...instances.map((instance) => new URL(instance.url).port)],
    { env: {}, cwd: deps.scratch, healthUrl: `http://127.0.0.1:${port}/api/v1/public/health` },
  );
  try {
    const url = `http://127.0.0.1:${port}`;
    const pid = instances.map((instance) => instance.child.pid!);
    const listing = '/api/v1/games?size=20';
    const note = 'round-robin balancer';
    await deps.scenario('b', 'GET /api/v1/games?size=20, anonymous', TWO_INSTANCES, { kind: 'get', url, paths: [listing] }, { pid, note });
    const token = await deps.mint(url, deps.data.viewerId);
    const auth = { authorization: `Bearer ${token}` };
    await deps.scenario('c', 'the same with a bearer token', TWO_INSTANCES, { kind: 'get', url, paths: [listing], headers: auth }, { pid, note });
    const games = deps.data.gameIds.map((id) => `/api/v1/games/${id}`);
    await deps.scenario('e', 'GET /api/v1/games/{id} (1,000 ids in turn)', TWO_INSTANCES, { kind: 'get', url, paths: games }, { pid, note });
    await deps.scenario('f', 'POST /api/v1/auth/refresh rotation', TWO_INSTANCES, { kind: 'refresh', url, userIds: deps.data.refreshUserIds }, { pid, note });
  } finally {
    await balancer.stop();
    for (const instance of instances) await instance.stop();
  }
}
