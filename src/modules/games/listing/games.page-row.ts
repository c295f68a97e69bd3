import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { GameRow } from '../games.repository.ts';
import { games } from '../games.table.ts';

/**
 * Every column of the games table, in the order a page statement selects them. Each value is read
 * by its own column's decoder, the one Drizzle's select would use (a timestamp to a Date, numeric
 * to text), called directly: the per-field checks of Drizzle's row mapping are what a page skips.
 */
const COLUMNS = Object.entries(getTableColumns(games));
const FIELDS = COLUMNS.map(([field]) => field);
const READERS = COLUMNS.map(
  ([, column]) =>
    (value: unknown) =>
      value === null ? null : column.mapFromDriverValue(value),
);

/** The game's columns as a select list (`"games"."id", …`), in the order `gameRowOf` reads them. */
export const GAME_COLUMNS: SQL = sql.join(
  COLUMNS.map(([, column]) => sql`${column}`),
  sql`, `,
);

/** How many values of a page statement's row the game's columns take (what the statement selects next comes after). */
export const GAME_WIDTH = FIELDS.length;

/** A game row from the first `GAME_WIDTH` values of a statement row that selected `GAME_COLUMNS` first. */
export function gameRowOf(values: unknown[]): GameRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < GAME_WIDTH; i++) row[FIELDS[i]!] = READERS[i]!(values[i]);
  return row as GameRow;
}
