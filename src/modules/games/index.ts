export { GamesService, effectiveStatus } from './games.service.ts';
export type { Actor, GameSummary, GamesServiceDeps, UpcomingGame } from './games.service.ts';
export type { PresentedGame } from './games.presenter.ts';
export type { GameBookmarks, GameEvents, GameEventType, GameRemovalHook, GameShareLinks, ShareLinkBlock } from './games.ports.ts';
export { GameSchema } from './games.schemas.ts';
export { gamesRoutes } from './games.routes.ts';
export { GAMES_ERRORS } from './games.errors.ts';
