import { LOOPBACK_PRINCIPALS, type Principal } from './oracle.ts';
import type { CellResult } from './runner.ts';

const SHORT: Record<Principal, string> = {
  anonymous: 'anon',
  owner: 'A',
  other: 'B',
  admin: 'admin',
  internal: 'internal',
  'bad-token': 'bad token',
  coHost: 'C (co-host)',
  'remote-peer': 'remote peer',
  'remote-host': 'remote Host',
};

const cellText = (cell: CellResult | undefined) => {
  if (!cell) return '—';
  if (!cell.problems.length) return String(cell.actual);
  return cell.actual === cell.expected ? `**${cell.actual} ✗**` : `**${cell.actual || 'x'}≠${cell.expected}**`;
};

interface Row {
  route: string;
  label: string;
  access: string;
  scope: string;
  cells: Map<Principal, CellResult>;
}

function rowsOf(results: CellResult[]): Row[] {
  const rows = new Map<string, Row>();
  for (const cell of results) {
    const key = `${cell.method} ${cell.url}\u0000${cell.label}`;
    let row = rows.get(key);
    if (!row) {
      row = { route: `${cell.method} ${cell.url}`, label: cell.label, access: cell.access, scope: cell.scope, cells: new Map() };
      rows.set(key, row);
    }
    row.cells.set(cell.principal, cell);
  }
  return [...rows.values()];
}

/** The whole matrix as a Markdown table: a row per route and case, a column per principal. */
export function matrixTable(results: CellResult[]): string {
  const lines = [
    `| Route | Request | Access / scope | ${LOOPBACK_PRINCIPALS.map((p) => SHORT[p]).join(' | ')} |`,
    `| --- | --- | --- | ${LOOPBACK_PRINCIPALS.map(() => '---').join(' | ')} |`,
  ];
  for (const row of rowsOf(results)) {
    lines.push(
      `| \`${row.route}\` | ${row.label} | ${row.access} / ${row.scope} | ${LOOPBACK_PRINCIPALS.map((p) => cellText(row.cells.get(p))).join(' | ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Rows grouped by their pattern of statuses: a short summary that fits the report's notes. */
export function patternNotes(results: CellResult[]): string[] {
  const groups = new Map<string, string[]>();
  for (const row of rowsOf(results)) {
    if (row.route.startsWith('HEAD ')) continue;
    const pattern = LOOPBACK_PRINCIPALS.filter((p) => row.cells.has(p))
      .map((p) => `${SHORT[p]} ${cellText(row.cells.get(p))}`)
      .join(' · ');
    const list = groups.get(pattern) ?? [];
    list.push(row.label.includes("A's") ? `${row.route} (${row.label})` : row.route);
    groups.set(pattern, list);
  }
  return [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([pattern, routes]) => `${pattern} — ${routes.length} row(s): ${routes.map((r) => `\`${r}\``).join(', ')}`);
}
