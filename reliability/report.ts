import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** One part of the reliability suite records what it did here; `run.ts` turns them into RELIABILITY.md. */
export interface PartReport {
  /** file-name safe id, e.g. `faults` */
  part: string;
  title: string;
  passed: boolean;
  /** label → measured value, in the order they should be shown */
  facts: Record<string, string | number | boolean>;
  notes?: string[];
}

export const RESULTS_DIR = path.join(import.meta.dirname, 'results');

export type Mode = 'short' | 'full';

/** `short` in CI (`.ci/run`), `full` for `npm run test:reliability`. */
export function reliabilityMode(): Mode {
  return process.env.RELIABILITY_MODE === 'short' ? 'short' : 'full';
}

export function writePartReport(report: PartReport): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const body = { ...report, mode: reliabilityMode(), at: new Date().toISOString() };
  writeFileSync(path.join(RESULTS_DIR, `${report.part}.json`), `${JSON.stringify(body, null, 2)}\n`);
}

export function readPartReports(): Array<PartReport & { mode: Mode; at: string }> {
  let files: string[];
  try {
    files = readdirSync(RESULTS_DIR)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files.map((name) => JSON.parse(readFileSync(path.join(RESULTS_DIR, name), 'utf8')));
}

export function renderMarkdown(reports: ReturnType<typeof readPartReports>, header: string[]): string {
  const lines = ['# Reliability report', '', ...header, ''];
  for (const report of reports) {
    lines.push(`## ${report.title} — ${report.passed ? 'passed' : 'FAILED'}`, '');
    lines.push(`Mode: ${report.mode}, finished ${report.at}.`, '');
    lines.push('| Measure | Value |', '| --- | --- |');
    for (const [label, value] of Object.entries(report.facts)) lines.push(`| ${label} | ${String(value)} |`);
    lines.push('');
    for (const note of report.notes ?? []) lines.push(`- ${note}`);
    if (report.notes?.length) lines.push('');
  }
  return lines.join('\n');
}
