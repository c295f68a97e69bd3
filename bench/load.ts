import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { dayVisitors, type DayPlan } from './day-mix.ts';
import { paced } from './paced.ts';
import { mintTokens } from './service.ts';

/**
 * The load generator, run as its own process so that it does not share an event loop with what
 * it measures: `node bench/load.ts <plan.json>` prints one JSON object (one entry per round) on
 * stdout. A plan names a scenario kind, its connections, warm-up and rounds.
 */

export interface LoadPlan {
  kind: 'get' | 'refresh' | 'join-leave' | 'day';
  url: string;
  connections: number;
  warmupSeconds: number;
  rounds: number;
  roundSeconds: number;
  /** get: paths taken in turn by each connection (one path for a fixed request). */
  paths?: string[];
  headers?: Record<string, string>;
  /** refresh: users whose fresh token chains each round starts from (one chain per connection). */
  userIds?: string[];
  /** join-leave: a (user, game) pair per connection and round; never reused. */
  pairs?: Array<{ userId: string; gameId: string }>;
  /** day: the visitors of bench/day-mix.ts. */
  day?: DayPlan;
  /** day: requests per second over all connections, at an even pace (bench/paced.ts). */
  overallRate?: number;
}

export interface RoundResult {
  seconds: number;
  responses: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** day: each kind of call's count, p50 and p99, and its part of the slowest 1 % of all requests. */
  calls?: CallTail[];
}

export interface CallTail {
  call: string;
  count: number;
  p50: number;
  p99: number;
  slowest: number;
}

type Request = Record<string, unknown> & { headers?: Record<string, string> };
interface ChainState {
  token?: string;
  pair?: { userId: string; gameId: string };
  auth?: string;
}

/**
 * autocannon deep-copies its options per connection, so an object referenced from the requests
 * is one per connection (the per-request `context` is reset after each pass over the requests,
 * so it cannot carry a token chain). The shared pools below hand each connection its own start.
 */
async function requestsFor(plan: LoadPlan, round: number): Promise<Request[]> {
  const headers = plan.headers ?? {};
  if (plan.kind === 'get') {
    const paths = plan.paths ?? ['/'];
    if (paths.length === 1) return [{ method: 'GET', path: paths[0], headers }];
    let next = 0;
    // Each connection starts at another path and walks the list.
    return [
      {
        method: 'GET',
        headers,
        state: {},
        setupRequest(request: Request & { state: { i?: number } }) {
          request.state.i = request.state.i === undefined ? (next++ * 7919) % paths.length : (request.state.i + 1) % paths.length;
          request.path = paths[request.state.i];
          return request;
        },
      },
    ];
  }
  if (plan.kind === 'refresh') {
    const pool = await Promise.all(plan.userIds!.map(async (userId) => (await mintTokens(plan.url, userId)).refreshToken));
    return [
      {
        method: 'POST',
        path: '/api/v1/auth/refresh',
        headers: { ...headers, 'content-type': 'application/json' },
        state: {},
        setupRequest(request: Request & { state: ChainState }, context: { state?: ChainState }) {
          request.state.token ??= pool.pop();
          if (!request.state.token) throw new Error('more connections than refresh token chains');
          context.state = request.state;
          request.body = JSON.stringify({ refreshToken: request.state.token });
          return request;
        },
        onResponse(status: number, body: string, context: { state: ChainState }) {
          // The successor is the only token that works next; a failure ends the chain (a new one is taken).
          context.state.token = status === 200 ? (JSON.parse(body) as { refreshToken: string }).refreshToken : undefined;
        },
      },
    ];
  }
  const pairs = plan.pairs!.slice(round * plan.connections, (round + 1) * plan.connections);
  if (pairs.length < plan.connections) throw new Error('not enough join/leave pairs for this round');
  const tokens = new Map(await Promise.all(pairs.map(async (pair) => [pair.userId, (await mintTokens(plan.url, pair.userId)).accessToken] as const)));
  const state: ChainState = {};
  const assign = (request: Request & { state: ChainState }) => {
    if (!request.state.pair) {
      const pair = pairs.pop();
      if (!pair) throw new Error('more connections than join/leave pairs');
      request.state.pair = pair;
      request.state.auth = `Bearer ${tokens.get(pair.userId)}`;
    }
    request.headers = { ...request.headers, authorization: request.state.auth! };
    return request.state.pair;
  };
  return [
    {
      method: 'POST',
      headers,
      state,
      setupRequest(request: Request & { state: ChainState }) {
        request.path = `/api/v1/games/${assign(request).gameId}/participants`;
        return request;
      },
    },
    {
      method: 'DELETE',
      headers,
      state,
      setupRequest(request: Request & { state: ChainState }) {
        request.path = `/api/v1/games/${assign(request).gameId}/participants/me`;
        return request;
      },
    },
  ];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(latencies: number[], statusCodes: Record<string, number>, errors: number, seconds: number): RoundResult {
  latencies.sort((a, b) => a - b);
  const non2xx = Object.entries(statusCodes).reduce((sum, [status, count]) => sum + (Number(status) >= 200 && Number(status) <= 299 ? 0 : count), 0);
  return {
    seconds,
    responses: latencies.length,
    non2xx,
    errors,
    statusCodes,
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}

/** Each kind of call's latencies, and how many of the requests above the round's p99 it made. */
function tails(byCall: Record<string, number[]>, p99: number): CallTail[] {
  return Object.entries(byCall)
    .map(([call, latencies]) => {
      latencies.sort((a, b) => a - b);
      const slowest = latencies.filter((latency) => latency > p99).length;
      return { call, count: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), slowest };
    })
    .sort((a, b) => b.slowest - a.slowest || b.p99 - a.p99);
}

async function round(plan: LoadPlan, index: number, seconds: number): Promise<RoundResult> {
  if (plan.kind === 'day') {
    const done = await paced(plan.url, await dayVisitors(plan.day!, plan.url, plan.connections), plan.overallRate!, seconds);
    const result = summary(done.latencies, done.statusCodes, done.errors, done.seconds);
    return { ...result, calls: tails(done.byCall, result.p99) };
  }
  const requests = await requestsFor(plan, index);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const started = process.hrtime.bigint();
  const instance = autocannon({ url: plan.url, connections: plan.connections, pipelining: 1, duration: seconds, requests: requests });
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  });
  const result = await instance;
  return summary(latencies, statusCodes, result.errors, Number(process.hrtime.bigint() - started) / 1e9);
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
const warmup = plan.warmupSeconds > 0 ? await round(plan, 0, plan.warmupSeconds) : undefined;
const rounds: RoundResult[] = [];
for (let i = 0; i < plan.rounds; i++) rounds.push(await round(plan, i + 1, plan.roundSeconds));
process.stdout.write(`${JSON.stringify({ warmup, rounds })}\n`);
