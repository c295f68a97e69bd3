import type { RoundResult } from './load.ts';

/** One scenario's rounds and their medians (each figure's median over the rounds, taken apart). */
export interface Scenario {
  id: string;
  title: string;
  /** memory (the ceiling), postgres, embedded, or postgres with the growth check's game count. */
  config: string;
  /** growth-small / growth-large for the growth check's two listings. */
  tag?: string;
  rounds: RoundResult[];
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** The serving process's CPU time per response over the whole scenario (pgbench: not measured). */
  serviceCpuMsPerRequest?: number;
  /** What one request does, when it is not one request per unit (join + leave pairs). */
  note?: string;
}

export interface Startup {
  config: string;
  startupMs: number[];
  medianMs: number;
  rssMb?: number;
}

export interface Report {
  mode: 'full' | 'quick';
  startedAt: string;
  wallSeconds: number;
  machine: { cores: number; cpu: string; memoryGb: number; node: string; postgres: string; redis: string; pgbench: string; autocannon: string };
  /** One-minute load average before and after: a busy machine shows here before it shows in the figures. */
  loadAverage: { start: number; end: number };
  plan: { connections: number; warmupSeconds: number; rounds: number; roundSeconds: number };
  scenarios: Scenario[];
  startups: Startup[];
  rssAfterRunMb: Record<string, number>;
  slotViolations: Record<string, number>;
  joinsPerSecond: Record<string, number>;
  /** Seconds each phase took (seeding included), to see where the wall time goes. */
  phaseSeconds: Record<string, number>;
}

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarise(id: string, title: string, config: string, rounds: RoundResult[], note?: string, tag?: string): Scenario {
  return {
    id,
    title,
    config,
    rounds,
    ...(tag ? { tag } : {}),
    requestsPerSecond: median(rounds.map((r) => r.requestsPerSecond)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    ...(note ? { note } : {}),
  };
}

const num = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '–';
const ms = (value: number) => num(value, value < 10 ? 2 : 1);
const ratio = (value: number) => (Number.isFinite(value) ? `${(value * 100).toFixed(0)} %` : '–');

function find(report: Report, id: string, config: string): Scenario | undefined {
  return report.scenarios.find((s) => s.id === id && s.config === config);
}

interface Target {
  name: string;
  measured: string;
  met: boolean | undefined;
}

function targets(report: Report): Target[] {
  const out: Target[] = [];
  const a = find(report, 'a', 'memory');
  for (const config of ['postgres', 'embedded'] as const) {
    const b = find(report, 'b', config);
    const c = find(report, 'c', config);
    const d = find(report, 'd', config);
    if (a && b) {
      const share = b.requestsPerSecond / a.requestsPerSecond;
      out.push({ name: `1. (b) ≥ 50 % of (a) req/s — ${config}`, measured: ratio(share), met: share >= 0.5 });
      out.push({ name: `1. (b) p99 ≤ 25 ms at ${report.plan.connections} connections — ${config}`, measured: `${ms(b.p99)} ms`, met: b.p99 <= 25 });
    }
    if (b && c) {
      const share = c.requestsPerSecond / b.requestsPerSecond;
      out.push({ name: `2. (c) within 15 % of (b) — ${config}`, measured: `${ratio(share)} of (b)'s req/s`, met: share >= 0.85 });
    }
    if (b && d) {
      const slower = d.p50 / b.p50;
      out.push({ name: `3. (d) p50 ≤ 1.3 × (b) p50 — ${config}`, measured: `${slower.toFixed(2)} ×`, met: slower <= 1.3 });
    }
  }
  const small = report.scenarios.find((s) => s.tag === 'growth-small');
  const large = report.scenarios.find((s) => s.tag === 'growth-large');
  if (small && large) {
    const slower = large.p50 / small.p50;
    out.push({
      name: `3. the ${large.config} listing p50 ≤ 1.5 × the ${small.config} one`,
      measured: `${slower.toFixed(2)} × (req/s ${ratio(large.requestsPerSecond / small.requestsPerSecond)})`,
      met: slower <= 1.5,
    });
  }
  const f = find(report, 'f', 'postgres');
  if (f) out.push({ name: '4. (f) ≥ 2,000 rotations/s with Redis', measured: `${num(f.requestsPerSecond)} /s`, met: f.requestsPerSecond >= 2000 });
  for (const [config, joins] of Object.entries(report.joinsPerSecond)) {
    const violations = report.slotViolations[config] ?? Number.NaN;
    out.push({
      name: `4. (g) ≥ 1,000 joins/s, no slot exceeded — ${config}`,
      measured: `${num(joins)} joins/s, ${violations} games over their slots`,
      met: joins >= 1000 && violations === 0,
    });
  }
  const h = find(report, 'h', 'postgres');
  const missing = find(report, 'b′', 'postgres');
  if (h && missing) {
    const share = missing.requestsPerSecond / h.requestsPerSecond;
    out.push({ name: '6. (b′) ≥ 25 % of (h)', measured: ratio(share), met: share >= 0.25 });
  }
  const i = find(report, 'i', 'postgres');
  const joins = report.joinsPerSecond.postgres;
  if (i && joins !== undefined) {
    const share = joins / i.requestsPerSecond;
    const violations = report.slotViolations.postgres ?? Number.NaN;
    out.push({
      name: '6. (g) joins/s ≥ 50 % of (i) pairs/s, no slot exceeded',
      measured: `${ratio(share)} (${num(joins)} of ${num(i.requestsPerSecond)}), ${violations} games over their slots`,
      met: share >= 0.5 && violations === 0,
    });
  }
  for (const start of report.startups.filter((s) => s.config.startsWith('embedded'))) {
    out.push({ name: `5. healthy within 2 s of start — ${start.config}`, measured: `${num(start.medianMs)} ms`, met: start.medianMs <= 2000 });
  }
  const rss = report.rssAfterRunMb.embedded;
  if (rss !== undefined) out.push({ name: '5. embedded default resident memory ≤ 200 MB after the run', measured: `${num(rss)} MB`, met: rss <= 200 });
  return out;
}

/** The section appended to BENCHMARKS.md for one run. */
export function renderMarkdown(report: Report): string {
  const { machine, plan } = report;
  const a = find(report, 'a', 'memory');
  const h = find(report, 'h', 'postgres');
  const lines = [
    `## Run of ${report.startedAt}${report.mode === 'quick' ? ' (quick mode — not comparable)' : ''}`,
    '',
    `${machine.cores} cores (${machine.cpu}), ${num(machine.memoryGb, 1)} GB; Node ${machine.node}, ${machine.postgres}, Redis ${machine.redis}, ` +
      `${machine.pgbench}, autocannon ${machine.autocannon}. ${plan.connections} connections, ${plan.warmupSeconds} s warm-up, ` +
      `${plan.rounds} rounds of ${plan.roundSeconds} s, medians of the rounds. Load average ${num(report.loadAverage.start, 1)} at the start, ` +
      `${num(report.loadAverage.end, 1)} at the end. Wall time ${num(report.wallSeconds / 60, 1)} min ` +
      `(${Object.entries(report.phaseSeconds)
        .map(([phase, seconds]) => `${phase} ${num(seconds)} s`)
        .join(', ')}).`,
    '',
    '| Scenario | Data | req/s | p50 ms | p99 ms | vs (a) | vs (h) | service CPU ms/req | non-2xx |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|',
    ...report.scenarios.map(
      (s) =>
        `| (${s.id}) ${s.title}${s.note ? ` — ${s.note}` : ''} | ${s.config} | ${num(s.requestsPerSecond)} | ${ms(s.p50)} | ${ms(s.p99)} | ` +
        `${a ? ratio(s.requestsPerSecond / a.requestsPerSecond) : '–'} | ${h ? ratio(s.requestsPerSecond / h.requestsPerSecond) : '–'} | ` +
        `${s.serviceCpuMsPerRequest === undefined ? '–' : ms(s.serviceCpuMsPerRequest)} | ${s.non2xx} |`,
    ),
    '',
    '| Start-up | to first healthy response (median) | runs | resident memory |',
    '|---|--:|---|--:|',
    ...report.startups.map(
      (s) =>
        `| ${s.config} | ${num(s.medianMs)} ms | ${s.startupMs.map((v) => num(v)).join(', ')} ms | ${s.rssMb === undefined ? '–' : `${num(s.rssMb)} MB`} |`,
    ),
    ...Object.entries(report.rssAfterRunMb).map(([config, rss]) => `| ${config} service after its scenarios | | | ${num(rss)} MB |`),
    '',
    '| Target | Measured | Met |',
    '|---|---|---|',
    ...targets(report).map((t) => `| ${t.name} | ${t.measured} | ${t.met === undefined ? '–' : t.met ? 'yes' : '**no**'} |`),
    '',
  ];
  return lines.join('\n');
}
