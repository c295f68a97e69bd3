import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { childEnv, freePort, SERVICE_NODE_FLAGS } from '../test/helpers/server-process.ts';
import type { LoadPlan, RoundResult } from './load.ts';
import { collectGarbage } from '../reliability/harness/inspector.ts';

export { freePort };

const ROOT = path.join(import.meta.dirname, '..');

/** Everything the service needs for a benchmark run; the rate limits are raised, never switched off. */
export const BENCH_ENV = {
  LOG_LEVEL: 'warn',
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
  AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true',
  // Long enough that no token minted at the start of a phase expires during it.
  ACCESS_TOKEN_TTL: '3600',
  REFRESH_TOKEN_TTL: '3600',
  // The scheduled jobs would write games in the background and blur the numbers.
  JOBS_ENABLED: 'false',
  INTERNAL_SECRET: 'bench-internal-secret-0123456789abcdef',
};

export interface Service {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /api/v1/public/health. */
  startupMs: number;
  output(): string;
  stop(): Promise<void>;
  /**
   * Resident memory in MB right after a full garbage collection, started through the process's
   * inspector, as the soak measures it: between major collections RSS rides V8's sawtooth, so a
   * reading at a random moment says more about when it was taken than about what is held.
   */
  collectedRssMb(): Promise<number>;
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** A scenario's `--name <number>` option. */
export function numberOption(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

/**
 * What a scenario undoes at its end, last first, also on Ctrl-C (databases dropped, processes
 * stopped, `scratch` removed); a step that fails leaves the others to run.
 */
export function teardown(scratch: string) {
  const steps: Array<() => Promise<void> | void> = [];
  const run = async () => {
    for (const step of steps.reverse()) await Promise.resolve(step()).catch(() => undefined);
    steps.length = 0;
    rmSync(scratch, { recursive: true, force: true });
  };
  process.on('SIGINT', () => void run().then(() => process.exit(130)));
  return { add: (step: () => Promise<void> | void) => void steps.push(step), run };
}

/** Prints a scenario's section and appends it to BENCHMARKS.md, unless run with `--no-write`. */
export function publish(markdown: string): void {
  process.stdout.write(markdown);
  if (!process.argv.includes('--no-write')) appendFileSync(path.join(ROOT, 'BENCHMARKS.md'), markdown);
}

/** Runs bench/load.ts in its own process on one plan (written to a file in `dir`) and answers its rounds. */
export function runLoad(plan: LoadPlan, dir: string): Promise<{ warmup?: RoundResult; rounds: RoundResult[] }> {
  const file = path.join(dir, `plan-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify(plan));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'load.ts'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output) as { warmup?: RoundResult; rounds: RoundResult[] }) : reject(new Error(`load generator exited with ${code}`)),
    );
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A token pair for a user from the service's dev minting route (loopback only; BENCH_ENV turns it on). */
export async function mintTokens(url: string, userId: string): Promise<{ accessToken: string; refreshToken: string }> {
  const send = () =>
    fetch(`${url}/api/v1/auth/dev/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId }),
    });
  // Once more on a kept-alive connection found closed (seen through the balancer): a second token
  // pair for the same user is harmless, and no measured round has started yet.
  const response = await send().catch(send);
  if (response.status !== 200) throw new Error(`minting a token answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { accessToken: string; refreshToken: string } }).data;
}

/**
 * A fresh database `bench_<run>_<suffix>` on the PostgreSQL server of `adminUrl` (an admin
 * connection): its URL, and how to drop it again (forcing out whatever is still connected).
 */
export async function createBenchDatabase(adminUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  return { url: url.toString(), drop };
}

/** Starts a process and polls `healthUrl` every 10 ms until it answers 200. */
export async function spawnHealthy(command: string[], options: { env: Record<string, string>; cwd: string; healthUrl: string; withinMs?: number }) {
  let output = '';
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, command, { env: childEnv(options.env), cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + (options.withinMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before becoming healthy:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`not healthy in time:\n${output}`);
    }
    try {
      const response = await fetch(options.healthUrl);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  const startupMs = Number(process.hrtime.bigint() - started) / 1e6;
  const collectedRssMb = async () => {
    // Node prints the address of an inspector started with --inspect=127.0.0.1:0 on stderr.
    const inspector = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
    if (!inspector) throw new Error('the process was started without its inspector');
    await collectGarbage(inspector);
    return rssMb(child.pid!);
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(force);
  };
  return { child, startupMs, output: () => output, stop, collectedRssMb };
}

/**
 * src/server.ts in a directory of its own (no .env is picked up): with `--local-defaults` as
 * `npm start` runs it (the development V8 flags), otherwise as `npm run start:prod` does (none).
 * `--optimize-for-size` shrinks the young generation: it halves the embedded service's memory, but
 * under load it spent a quarter of the bearer listing's time collecting garbage, a third of its rate.
 */
/** `localDefaults`: as `npm start` runs (its node flags and `--local-defaults`); `npmStartFlags`: its node flags alone. */
export async function startService(
  env: Record<string, string>,
  options: { localDefaults?: boolean; npmStartFlags?: boolean; entry?: string } = {},
): Promise<Service> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const cwd = mkdtempSync(path.join(tmpdir(), 'bench-svc-'));
  // `entry`: another entry file (bench/server-untraced.ts), to compare a build against the real one.
  const server = options.entry ?? path.join(ROOT, 'src', 'server.ts');
  // The inspector, on a loopback port of its own, lets the bench collect garbage before reading memory.
  const flags = options.localDefaults || options.npmStartFlags ? SERVICE_NODE_FLAGS : [];
  const command = [...flags, '--inspect=127.0.0.1:0', server, ...(options.localDefaults ? ['--local-defaults'] : [])];
  const started = await spawnHealthy(command, {
    env: { ...BENCH_ENV, ...env, PORT: String(port), BASE_URL: url },
    cwd,
    healthUrl: `${url}/api/v1/public/health`,
  }).catch((error: unknown) => {
    rmSync(cwd, { recursive: true, force: true });
    throw error;
  });
  const stop = async () => {
    await started.stop();
    // The working directory holds what the service writes by default (./data, generated keys).
    rmSync(cwd, { recursive: true, force: true });
  };
  return { url, ...started, stop };
}
