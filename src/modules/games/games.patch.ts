import type { GameValues } from './games.repository.ts';
import type { UpdateGameInput } from './games.schemas.ts';

/** The columns a patch may set, in the order they are written. */
const PATCHED_COLUMNS = [
  'venueId',
  'skillLevelFromId',
  'skillLevelToId',
  'title',
  'description',
  'currency',
  'price',
  'slots',
  'startTime',
  'endTime',
  'gameType',
  'minPlayers',
  'decisionHoursBefore',
  'joinPolicy',
  'offLevelPolicy',
  'maxGuestsPerPlayer',
  'waitlistMode',
  'selfCheckIn',
  'maxRecentNoShows',
] as const satisfies readonly (keyof UpdateGameInput & keyof GameValues)[];

const blankAsNull = (text: string | null) => text?.trim() || null;
const asDate = (written: string) => new Date(written);

/** The columns whose written value is not stored as it is. */
const CONVERSIONS: Partial<Record<(typeof PATCHED_COLUMNS)[number], (value: never) => unknown>> = {
  title: blankAsNull,
  description: blankAsNull,
  startTime: asDate,
  endTime: asDate,
};

/**
 * The columns a create body or an edit patch sets: fields present replace, text is trimmed and an
 * empty title or description becomes null. The activity and the visibility are never patched.
 */
export function valuesFromPatch(patch: UpdateGameInput): Partial<GameValues> {
  const values: Record<string, unknown> = {};
  for (const column of PATCHED_COLUMNS) {
    const value = patch[column];
    if (value === undefined) continue;
    const convert = CONVERSIONS[column];
    values[column] = convert ? convert(value as never) : value;
  }
  return values;
}
