import { spawn } from 'node:child_process';
import { request } from './http.ts';
import type { ServiceInstance } from './instances.ts';
import { track } from './processes.ts';

/**
 * Reads the instance's Prometheus endpoint. Its event-loop figures come from prom-client's
 * `perf_hooks.monitorEventLoopDelay` histogram (10 ms resolution), which is reset on every scrape:
 * a scrape answers for the time since the previous one.
 */
export async function scrape(instance: ServiceInstance): Promise<Map<string, number>> {
  const answer = await request(instance.base, { method: 'GET', path: '/actuator/prometheus', headers: { accept: 'text/plain' }, timeoutMs: 10_000 });
  if (answer.status !== 200) throw new Error(`${instance.name} /actuator/prometheus answered ${answer.status}`);
  const values = new Map<string, number>();
  for (const line of answer.body.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (match && !values.has(match[1]!)) values.set(match[1]!, Number(match[2]));
  }
  return values;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN;
};

export const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const CONTROL = `
const { monitorEventLoopDelay } = require('node:perf_hooks');
const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
setTimeout(() => {
  h.disable();
  process.stdout.write(JSON.stringify({ p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6 }));
}, Number(process.argv[1]));
`;

/**
 * A bare Node process that only measures its own event-loop delay, like the service does, for
 * `durationMs`: what the machine alone does to an idle event loop (CPU contention, scheduling).
 */
export function controlLoopDelay(durationMs: number): Promise<{ p50: number; p99: number; max: number }> {
  return new Promise((resolve, reject) => {
    const child = track(spawn(process.execPath, ['-e', CONTROL, String(durationMs)], { stdio: ['ignore', 'pipe', 'inherit'] }));
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`control probe exited ${code}`))));
  });
}
