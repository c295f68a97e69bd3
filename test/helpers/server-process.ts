import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

const SERVER = path.join(import.meta.dirname, '..', '..', 'src', 'server.ts');

/** The Node flags `npm start` runs the service with (package.json; docs/performance.md, "Memory"). */
export const SERVICE_NODE_FLAGS = ['--liftoff-only', '--optimize-for-size'];

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /**
   * The exit code (null when killed by a signal). A process still running after `withinMs` is
   * killed and the promise rejects with its output: a test fails, it never waits for ever.
   */
  exited(withinMs?: number): Promise<number | null>;
}

/** How long a stopping service may take before the test calls it hung (the service forces itself out after 10 s). */
export const EXIT_WAIT_MS = 30_000;

const running = new Set<ChildProcess>();

// A child still running when its test file is done (its test failed or timed out half-way) would
// keep the file's process alive, and the whole run with it. Only under the test runner: the bench
// and scripts import these helpers too, and a hook would start a test harness in their process.
if (process.env.NODE_TEST_CONTEXT) {
  after(() => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/**
 * What both npm scripts start the service with besides its configuration (package.json): glibc's
 * trim threshold, fixed. Left to itself glibc raises it after a large block is freed (to twice that
 * block, up to 64 MB) and then keeps that much freed memory resident; in the soak that was a step of
 * 30–45 MB in one instance of three, which malloc_trim gave back (docs/performance.md, "Freed memory the C library keeps").
 */
export const SERVICE_PROCESS_ENV = { MALLOC_TRIM_THRESHOLD_: '131072' };

/** A clean environment for a child process: PATH and HOME, the service's process settings, then only what the test gives. */
export function childEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...SERVICE_PROCESS_ENV, ...env };
}

/** The real entry point as its own process, with a clean environment. */
export function startServer(env: Record<string, string>, args: string[] = []): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, SERVER, ...args], {
    env: childEnv({ LOG_LEVEL: 'warn', ...env }),
    cwd: mkdtempSync(path.join(tmpdir(), 'svc-cwd-')),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  running.add(child);
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const exited = async (withinMs = EXIT_WAIT_MS) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'hung'>((resolve) => {
      timer = setTimeout(() => resolve('hung'), withinMs);
    });
    const outcome = await Promise.race([exit, deadline]).finally(() => clearTimeout(timer));
    if (outcome !== 'hung') return outcome;
    child.kill('SIGKILL');
    throw new Error(`the service was still running ${withinMs} ms on (killed now); its output:\n${output}`);
  };
  return { child, output: () => output, exited };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * How long a test waits for a spawned service to become healthy. Generous on purpose: start-up
 * speed is measured by the benchmark, and a loaded 2-core machine can take 20 s or more.
 */
export const STARTUP_WAIT_MS = 60_000;

/** Resolves with the milliseconds it took for the health endpoint to answer 200. */
export async function waitHealthy(base: string, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    try {
      // Bounded: a service that accepted the connection but never answers must not hold the test.
      const response = await fetch(`${base}/api/v1/public/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return Date.now() - started;
    } catch {
      // not listening yet, or not answering
    }
    await sleep(50);
  }
  throw new Error(`not healthy within ${withinMs} ms`);
}

/** Runs a job on a spawned instance (`POST /api/v1/internal/jobs/{name}/run`); answers how many items it handled. */
export async function runJobOver(base: string, name: string, secret: string): Promise<number> {
  const response = await fetch(`${base}/api/v1/internal/jobs/${name}/run`, { method: 'POST', headers: { 'x-internal-secret': secret } });
  if (response.status !== 200) throw new Error(`job ${name} answered ${response.status}`);
  return ((await response.json()) as { data: { processed: number } }).data.processed;
}

/**
 * Runs a job twenty times at once, taking the instances in turn, then once more on each: answers the
 * items all the racing runs handled together and what each later run handled (none, when no item was missed).
 */
export async function raceJob(ports: number[], name: string, secret: string): Promise<{ handled: number; after: number[] }> {
  const run = (port: number) => runJobOver(`http://127.0.0.1:${port}`, name, secret);
  const rounds = await Promise.all(Array.from({ length: 20 }, (_, i) => run(ports[i % ports.length]!)));
  return { handled: rounds.reduce((a, b) => a + b, 0), after: await Promise.all(ports.map(run)) };
}

/** Stops spawned instances as a deployment does (SIGTERM) and waits until each has exited. */
export async function stopServers(servers: ServerProcess[]): Promise<void> {
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((server) => server.exited()));
}
