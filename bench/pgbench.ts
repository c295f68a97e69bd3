import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../src/platform/db/index.ts';
import { GamePagesRepository } from '../src/modules/games/listing/games.pages.repository.ts';
import { gameShareCode } from '../src/modules/share-links/share-links.repository.ts';
import { userNameOf } from '../src/modules/users/users.repository.ts';
import type { RoundResult } from './load.ts';

/**
 * Scenario (h): the listing page's one statement (keyset walk, rows, organiser names and link
 * codes), exactly as the games repository builds it for the first anonymous page of 20 (21 rows
 * asked, to know whether a next page exists), run by pgbench in
 * prepared mode at the same client count: what PostgreSQL itself allows for that statement here.
 */

export interface Statement {
  sql: string;
  params: unknown[];
}

/** The repository's listing statement with its parameters, as the driver would send it. */
export function listingStatement(db: Database, timeZone: string, now: Date): Statement {
  const parts = { organizerName: userNameOf, shareCode: gameShareCode, viewer: null };
  const { sql, params } = new GamePagesRepository(db).listingPage({ startsFrom: now, timeZone, now }, parts, undefined, 21).toSQL();
  return { sql, params };
}

/**
 * A pgbench script: each $n becomes the variable :pn, which -M prepared sends as a parameter again;
 * a parameter whose value is `:name` becomes that pgbench variable (set per transaction, `\gset`).
 * pgbench would also take the colons of a literal (the to_char format's HH24:MI:SS) for variables,
 * so they are spelled chr(58) there: the planner folds the constant expression to the same format.
 */
export function script(statement: Statement, prefix = 'p'): { text: string; defines: string[] } {
  const literalsWithoutColons = statement.sql.replace(/'[^']*'/g, (literal) => literal.replaceAll(':', "' || chr(58) || '"));
  const variable = (value: unknown) => (typeof value === 'string' && /^:[a-z_]+$/.test(value) ? value : undefined);
  const text = `${literalsWithoutColons
    .replace(/\$(\d+)/g, (_, n: string) => variable(statement.params[Number(n) - 1]) ?? `:${prefix}${n}`)
    .replace(/\s+/g, ' ')
    .trim()};\n`;
  const defines = statement.params.flatMap((value, i) =>
    variable(value) ? [] : ['-D', `${prefix}${i + 1}=${value instanceof Date ? value.toISOString() : String(value)}`],
  );
  return { text, defines };
}

function run(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pgbench', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`pgbench exited with ${code}:\n${output}`))));
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function round(databaseUrl: string, file: string, defines: string[], connections: number, seconds: number): Promise<RoundResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pgbench-'));
  try {
    const output = await run(
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(connections),
        '-j',
        '2',
        '-T',
        String(seconds),
        '-l',
        '--log-prefix',
        path.join(dir, 'tx'),
        '-f',
        file,
        ...defines,
        databaseUrl,
      ],
      dir,
    );
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1]);
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    // Per-transaction log lines: client, transaction number, latency in microseconds, …
    const latencies = readdirSync(dir)
      .filter((name) => name.startsWith('tx'))
      .flatMap((name) =>
        readFileSync(path.join(dir, name), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => Number(line.split(' ')[2]) / 1000),
      )
      .sort((a, b) => a - b);
    return {
      seconds,
      responses: latencies.length,
      non2xx: failed,
      errors: 0,
      statusCodes: {},
      requestsPerSecond: tps,
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function pgbench(
  databaseUrl: string,
  statement: Statement,
  plan: { connections: number; warmupSeconds: number; rounds: number; roundSeconds: number },
) {
  return pgbenchScript(databaseUrl, script(statement), statement.params, plan);
}

/** Runs a script (several statements, pgbench meta-commands) like `pgbench` does one statement. */
export async function pgbenchScript(
  databaseUrl: string,
  { text, defines }: { text: string; defines: string[] },
  params: unknown[],
  plan: { connections: number; warmupSeconds: number; rounds: number; roundSeconds: number },
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pgbench-script-'));
  const file = path.join(dir, 'script.sql');
  writeFileSync(file, text);
  try {
    const warmup = plan.warmupSeconds > 0 ? await round(databaseUrl, file, defines, plan.connections, plan.warmupSeconds) : undefined;
    const rounds: RoundResult[] = [];
    for (let i = 0; i < plan.rounds; i++) rounds.push(await round(databaseUrl, file, defines, plan.connections, plan.roundSeconds));
    return { warmup, rounds, script: text, params };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
