import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { proposeRound, type GameDayFormat, type RotationInput } from '../src/modules/game-day/rotation/index.ts';
import { playSession } from '../test/helpers/rotation-session.ts';

/**
 * `npm run bench:rotation [-- --no-write]`: times the game-day rotation (a pure function, no service) on
 * sessions played out for many rounds, and appends a section to BENCHMARKS.md. The target (issue #37):
 * a round for 60 players on 15 courts proposed in ≤ 20 ms at p99. The inputs are recorded first by
 * playing the session (applying each proposal with a random result), then each is proposed again
 * `REPEATS` times under the clock, after a warm-up, so the figures are the function alone.
 */
const ROOT = path.join(import.meta.dirname, '..');
const ROUNDS = 200;
const REPEATS = 5;
const TARGET_P99_MS = 20;

interface Case {
  title: string;
  format: GameDayFormat;
  players: number;
  courts: number;
  perCourt?: boolean;
}

const cases: Case[] = [
  { title: 'rotating doubles, 60 players, 15 courts (the target)', format: 'ROTATING_DOUBLES', players: 60, courts: 15 },
  { title: 'rotating doubles, 60 players, 10 courts (20 wait each round)', format: 'ROTATING_DOUBLES', players: 60, courts: 10 },
  { title: 'singles, 60 players, 15 courts', format: 'SINGLES', players: 60, courts: 15 },
  { title: 'fixed pairs, 60 players, 15 courts', format: 'FIXED_PAIRS', players: 60, courts: 15 },
  { title: 'winner stays, 60 players, 15 courts', format: 'WINNER_STAYS', players: 60, courts: 15 },
  {
    title: 'rotating doubles per court, 60 players, 12 courts (one court frees at a time)',
    format: 'ROTATING_DOUBLES',
    players: 60,
    courts: 12,
    perCourt: true,
  },
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

function measure(item: Case) {
  const inputs: RotationInput[] = [];
  const plan = {
    format: item.format,
    players: item.players,
    courts: item.courts,
    rounds: ROUNDS,
    seed: 37,
    events: [],
    winnerStaysCap: 2,
    perCourt: item.perCourt ?? false,
  };
  for (const step of playSession(plan)) inputs.push(step.input);
  for (const input of inputs.slice(0, 50)) proposeRound(input);
  const wall: number[] = [];
  const cpu: number[] = [];
  const best = inputs.map(() => Number.POSITIVE_INFINITY);
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    inputs.forEach((input, k) => {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      proposeRound(input);
      const took = performance.now() - started;
      const used = process.cpuUsage(cpuBefore);
      wall.push(took);
      cpu.push((used.user + used.system) / 1000);
      best[k] = Math.min(best[k]!, took);
    });
  }
  for (const list of [wall, cpu, best]) list.sort((a, b) => a - b);
  return {
    ...item,
    proposals: wall.length,
    median: quantile(wall, 0.5),
    p99: quantile(wall, 0.99),
    max: wall.at(-1)!,
    cpuMedian: quantile(cpu, 0.5),
    cpuP99: quantile(cpu, 0.99),
    bestP99: quantile(best, 0.99),
  };
}

const load = os.loadavg()[0]!;
const started = new Date();
const results = cases.map((item) => {
  const result = measure(item);
  process.stdout.write(
    `${item.title}: median ${result.median.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, max ${result.max.toFixed(2)} ms; CPU median ${result.cpuMedian.toFixed(2)} ms, p99 ${result.cpuP99.toFixed(2)} ms; best of ${REPEATS} p99 ${result.bestP99.toFixed(2)} ms\n`,
  );
  return result;
});
const target = results[0]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const markdown = [
  '',
  `## Rotation (game day) — ${started.toISOString()}`,
  '',
  `\`npm run bench:rotation\`: \`proposeRound\` alone (a pure function), each input from a session played out for ${ROUNDS} rounds and proposed ${REPEATS} times after a warm-up.`,
  `Node ${process.version} on ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), one-minute load average ${load.toFixed(2)} at the start.`,
  `Wall is the time a caller waits; CPU is the process time the call used; best of ${REPEATS} is, per round, the shortest of its ${REPEATS} wall times (what the round costs when no other process takes the core away).`,
  '',
  `| Session | Proposals timed | Wall median | Wall p99 | Wall max | CPU median | CPU p99 | Best of ${REPEATS}, p99 over rounds |`,
  '|---|--:|--:|--:|--:|--:|--:|--:|',
  ...results.map(
    (r) =>
      `| ${r.title} | ${r.proposals.toLocaleString('en')} | ${ms(r.median)} | ${ms(r.p99)} | ${ms(r.max)} | ${ms(r.cpuMedian)} | ${ms(r.cpuP99)} | ${ms(r.bestP99)} |`,
  ),
  '',
  '| Target | Measured | Met |',
  '|---|---|---|',
  `| a round for 60 players on 15 courts, p99 ≤ ${TARGET_P99_MS} ms (wall) | ${ms(target.p99)} | ${target.p99 <= TARGET_P99_MS ? 'yes' : '**no**'} |`,
  `| the same, CPU time | ${ms(target.cpuP99)} | ${target.cpuP99 <= TARGET_P99_MS ? 'yes' : '**no**'} |`,
  `| the same, best of ${REPEATS} per round | ${ms(target.bestP99)} | ${target.bestP99 <= TARGET_P99_MS ? 'yes' : '**no**'} |`,
  '',
  '',
].join('\n');

if (!process.argv.includes('--no-write')) {
  appendFileSync(path.join(ROOT, 'BENCHMARKS.md'), markdown);
  mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench', 'results', `rotation-${started.toISOString().replaceAll(/[:.]/g, '-')}.json`),
    `${JSON.stringify({ load, results }, null, 2)}\n`,
  );
}
process.stdout.write(markdown);
