import type { operations } from '../../api/schema';

/** A game as its page reads it (GET /api/v1/games/{id}). */
export type Game = operations['getGamesById']['responses'][200]['content']['application/json']['data'];
export type ViewerPlace = NonNullable<Game['viewerPlace']>;
