import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { GameRow } from '../games.repository.ts';
import { games } from '../games.table.ts';

/** How a value comes from either driver under Drizzle's settings: timestamps as text, numeric as text, int4 as a number. */
const text = (value: unknown) => value as string;
const textOrNull = (value: unknown) => value as string | null;
const int = (value: unknown) => value as number;
const intOrNull = (value: unknown) => value as number | null;
const flag = (value: unknown) => value as boolean;
const decimal = (value: unknown) => String(value);
const instant = (value: unknown) => new Date(value as string);
const instantOrNull = (value: unknown) => (value === null ? null : new Date(value as string));
const oneOf =
  <T extends string>() =>
  (value: unknown) =>
    value as T;

/**
 * Every column of a game row with how its value is read, in the order a page statement selects
 * them. The type makes it name each field of `GameRow` once, with a reader of that field's type.
 */
const COLUMNS = {
  id: [games.id, text],
  organizerId: [games.organizerId, text],
  activityId: [games.activityId, text],
  venueId: [games.venueId, text],
  skillLevelFromId: [games.skillLevelFromId, text],
  skillLevelToId: [games.skillLevelToId, text],
  title: [games.title, textOrNull],
  description: [games.description, textOrNull],
  currency: [games.currency, text],
  price: [games.price, decimal],
  slots: [games.slots, int],
  visibility: [games.visibility, oneOf<GameRow['visibility']>()],
  gameType: [games.gameType, oneOf<GameRow['gameType']>()],
  minPlayers: [games.minPlayers, intOrNull],
  decisionHoursBefore: [games.decisionHoursBefore, int],
  joinPolicy: [games.joinPolicy, oneOf<GameRow['joinPolicy']>()],
  offLevelPolicy: [games.offLevelPolicy, oneOf<GameRow['offLevelPolicy']>()],
  maxGuestsPerPlayer: [games.maxGuestsPerPlayer, int],
  waitlistMode: [games.waitlistMode, oneOf<GameRow['waitlistMode']>()],
  selfCheckIn: [games.selfCheckIn, flag],
  maxRecentNoShows: [games.maxRecentNoShows, intOrNull],
  playersJoined: [games.playersJoined, int],
  waitlisted: [games.waitlisted, int],
  startTime: [games.startTime, instant],
  endTime: [games.endTime, instant],
  status: [games.status, oneOf<GameRow['status']>()],
  confirmed: [games.confirmed, flag],
  decidedAt: [games.decidedAt, instantOrNull],
  materiallyChangedAt: [games.materiallyChangedAt, instantOrNull],
  cancelReason: [games.cancelReason, (value: unknown) => value as GameRow['cancelReason']],
  placesOnOffer: [games.placesOnOffer, int],
  sequence: [games.sequence, int],
  createdAt: [games.createdAt, instant],
  updatedAt: [games.updatedAt, instant],
} satisfies { [K in keyof GameRow]-?: readonly [PgColumn, (value: unknown) => GameRow[K]] };

const FIELDS = Object.keys(COLUMNS) as Array<keyof GameRow>;
const READERS = FIELDS.map((field) => COLUMNS[field][1] as (value: unknown) => unknown);

/** The game's columns as a select list (`"games"."id", …`), in the order `gameRowOf` reads them. */
export const GAME_COLUMNS: SQL = sql.join(
  FIELDS.map((field) => sql`${COLUMNS[field][0]}`),
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
