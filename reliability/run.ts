import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readPartReports, renderMarkdown, RESULTS_DIR } from './report.ts';

/**
 * `npm run test:reliability [-- --short]`: runs every reliability part one after another (they
 * load the machine and restart services, so never in parallel), then writes RELIABILITY.md.
 * Parts: abuse, access-matrix, faults, fuzz, soak, topology (PgBouncer, Redis Cluster, Sentinel
 * failover; full run only); each writes `results/<part>.json`, and every one found there goes into the report.
 */
const short = process.argv.includes('--short');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const root = path.join(import.meta.dirname, '..');

// A run of named parts replaces only their results, so the report keeps the other parts' last run.
if (only.length === 0) rmSync(RESULTS_DIR, { recursive: true, force: true });
const started = Date.now();
// The topology part starts its own PgBouncer, Redis Cluster and Sentinel set and takes minutes; CI's
// short run leaves it to the full suite.
const parts = readdirSync(path.join(root, 'reliability'))
  .filter((name) => name.endsWith('.test.ts') && !(short && name === 'topology.test.ts'))
  .map((name) => path.join('reliability', name));
const files = only.length > 0 ? only : parts;
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-timeout=900000', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, RELIABILITY_MODE: short ? 'short' : 'full' },
});

const header = [
  `Run: \`npm run test:reliability${short ? ' -- --short' : ''}\` on ${os.cpus().length} cores, ` +
    `Node ${process.version}, ${new Date().toISOString()}; ${((Date.now() - started) / 60_000).toFixed(1)} min, exit code ${result.status}; ` +
    `load average at the end ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')}.` +
    (only.length ? ` This run: ${only.map((file) => path.basename(file)).join(', ')}; the other parts are from their last run (each says when).` : ''),
];
const markdown = renderMarkdown(readPartReports(), header);
if (!short) writeFileSync(path.join(root, 'RELIABILITY.md'), markdown);
process.stdout.write(`\n${markdown}\n`);
process.exit(result.status ?? 1);
