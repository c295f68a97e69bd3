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

/** The embedded cold start configured as the PostgreSQL one is (bench/run.ts, startupPhase). */
export const LIKE_FOR_LIKE = 'embedded, empty DATA_DIR, configured as the PostgreSQL start (no sample data, no local sign-in)';

interface Target {
  name: string;
  measured: string;
  met: boolean | undefined;
}

/** Issue #36's targets that one `npm run bench` can judge (the streams and the day have scenarios of their own). */
function targets(report: Report): Target[] {
  const out: Target[] = [];
  for (const id of ['b', 'c', 'e']) {
    const postgres = find(report, id, 'postgres');
    const embedded = find(report, id, 'embedded');
    if (!postgres || !embedded) continue;
    const share = embedded.requestsPerSecond / postgres.requestsPerSecond;
    out.push({ name: `1. (${id}) embedded ≥ 50 % of PostgreSQL req/s`, measured: ratio(share), met: share >= 0.5 });
    out.push({
      name: `1. (${id}) embedded p99 ≤ 25 ms at ${report.plan.connections} connections`,
      measured: `${ms(embedded.p99)} ms`,
      met: embedded.p99 <= 25,
    });
  }
  const start = (config: string) => report.startups.find((s) => s.config.startsWith(config));
  const fresh = start('postgres + Redis, fresh database');
  for (const [config, most] of [
    ['embedded, empty DATA_DIR', 1.5],
    ['embedded, existing DATA_DIR', 1.0],
  ] as const) {
    const embedded = start(config);
    if (!fresh || !embedded) continue;
    const times = embedded.medianMs / fresh.medianMs;
    out.push({ name: `2. ${config} → healthy ≤ ${most.toFixed(1)} × PostgreSQL's fresh start`, measured: `${times.toFixed(2)} ×`, met: times <= most });
  }
  const like = start(LIKE_FOR_LIKE);
  if (fresh && like)
    out.push({
      name: `2. (for reading) ${LIKE_FOR_LIKE} against PostgreSQL's fresh start`,
      measured: `${(like.medianMs / fresh.medianMs).toFixed(2)} ×`,
      met: undefined,
    });
  for (const [config, most] of [
    ['postgres', 300],
    ['embedded', 250],
  ] as const) {
    const rss = report.rssAfterRunMb[config];
    if (rss !== undefined)
      out.push({ name: `3. ${config}: resident after its scenarios (after a full collection) ≤ ${most} MB`, measured: `${num(rss)} MB`, met: rss <= most });
  }
  for (const idle of report.startups.filter((s) => s.config.startsWith('embedded') && s.rssMb !== undefined))
    out.push({ name: `3. ${idle.config}: idle resident ≤ 150 MB`, measured: `${num(idle.rssMb!)} MB`, met: idle.rssMb! <= 150 });
  const h = find(report, 'h', 'postgres');
  const missing = find(report, 'b′', 'postgres');
  if (h && missing) {
    const share = missing.requestsPerSecond / h.requestsPerSecond;
    out.push({ name: '4. (b′) ≥ 25 % of (h)', measured: ratio(share), met: share >= 0.25 });
  }
  // The join (issue #33: one transaction) against what PostgreSQL does for the same statements.
  const i = find(report, 'i', 'postgres');
  const joins = report.joinsPerSecond.postgres;
  if (i && joins !== undefined) {
    const violations = report.slotViolations.postgres ?? Number.NaN;
    out.push({
      name: '(g) joins/s against (i) pairs/s, no slot exceeded',
      measured: `${ratio(joins / i.requestsPerSecond)} (${num(joins)} of ${num(i.requestsPerSecond)}), ${violations} games over their slots`,
      met: violations === 0 ? undefined : false,
    });
  }
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
    // A run of the start-up phase alone has no scenario: no empty table.
    ...(report.scenarios.length === 0
      ? []
      : [
          '| Scenario | Data | req/s | p50 ms | p99 ms | vs (a) | vs (h) | service CPU ms/req | non-2xx |',
          '|---|---|--:|--:|--:|--:|--:|--:|--:|',
          ...report.scenarios.map(
            (s) =>
              `| (${s.id}) ${s.title}${s.note ? ` — ${s.note}` : ''} | ${s.config} | ${num(s.requestsPerSecond)} | ${ms(s.p50)} | ${ms(s.p99)} | ` +
              `${a ? ratio(s.requestsPerSecond / a.requestsPerSecond) : '–'} | ${h ? ratio(s.requestsPerSecond / h.requestsPerSecond) : '–'} | ` +
              `${s.serviceCpuMsPerRequest === undefined ? '–' : ms(s.serviceCpuMsPerRequest)} | ${s.non2xx} |`,
          ),
          '',
        ]),
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
