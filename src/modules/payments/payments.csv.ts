import type { presentLedger } from './payments.presenter.ts';

/**
 * A cell a spreadsheet will not run: text starting with = + - @ (or a tab or carriage return, which
 * some spreadsheets skip before reading a formula) gets a leading apostrophe; every cell is quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const HEADER = ['player', 'place', 'state', 'amount', 'currency', 'bill reference', 'claim reference', 'updated'];

/** The ledger as CSV, one row per place, CRLF line ends (RFC 4180). */
export function ledgerCsv(ledger: ReturnType<typeof presentLedger>): string {
  const lines = [HEADER];
  for (const player of ledger.players)
    for (const entry of player.entries)
      lines.push([
        player.name ?? '',
        entry.place === 0 ? 'player' : `guest ${entry.place}`,
        entry.state,
        entry.amount,
        ledger.currency,
        player.reference,
        entry.claimReference ?? '',
        entry.updatedAt,
      ]);
  return `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
