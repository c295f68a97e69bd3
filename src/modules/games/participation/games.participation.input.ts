import type { FieldError } from '../../../platform/http/errors.ts';
import type { SeenGame } from './games.participation.repository.ts';
import type { GameRow } from '../games.repository.ts';

/** What a join statement re-checks of the game read before it. */
export const seenOf = (game: GameRow): Omit<SeenGame, 'checked'> => ({
  title: game.title,
  joinPolicy: game.joinPolicy,
  offLevelPolicy: game.offLevelPolicy,
  maxRecentNoShows: game.maxRecentNoShows,
  activityId: game.activityId,
  skillLevelFromId: game.skillLevelFromId,
  skillLevelToId: game.skillLevelToId,
});

/** Guests within the game's allowance; names (optional) at most one per guest. */
export function guestErrors(game: Pick<GameRow, 'maxGuestsPerPlayer'>, guests: number, names: string[]): FieldError[] {
  const errors: FieldError[] = [];
  if (guests > game.maxGuestsPerPlayer) errors.push({ field: 'guests', location: 'body', message: `must be at most ${game.maxGuestsPerPlayer} in this game` });
  if (names.length > guests) errors.push({ field: 'guestNames', location: 'body', message: 'must not name more guests than guests' });
  return errors;
}
export const cleanNames = (names: string[] | undefined) => (names ?? []).map((name) => name.trim()).filter((name) => name !== '');
