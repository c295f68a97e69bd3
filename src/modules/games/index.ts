export { GameQueries } from './listing/games.queries.ts';
export { GameCommands } from './games.commands.ts';
export { GameParticipation } from './participation/games.participation.ts';
export { GameLookups, gamesUseActivity } from './games.lookups.ts';
export { GameSchedule } from './schedule/games.schedule.ts';
export { GameCoHosts } from './co-hosts/games.co-hosts.ts';
export { GameJoinRequests } from './join-requests/games.join-requests.ts';
export { GameViewerPlace } from './participation/games.viewer-place.ts';
export { GameOccurrences, type OccurrenceOutcome, type OccurrenceSpec } from './schedule/games.occurrences.ts';
export type { Actor } from './games.writes.ts';
export type { GameStanding, GameSummary } from './games.lookups.ts';
export type { UpcomingGame } from './schedule/games.schedule.ts';
export type { PresentedGame } from './games.presenter.ts';
export type {
  GameBookmarks,
  GameEvents,
  GameEventType,
  GameRatings,
  GameRemovalStep,
  GameShareLinks,
  PlayerRemovalHook,
  RecentNoShows,
  ShareLinkBlock,
} from './games.ports.ts';
export { CreateGameBody, GameSchema, RoleHolder, UpdateGameBody, type UpdateGameInput } from './games.schemas.ts';
export { gamesRoutes } from './games.routes.ts';
export { GAMES_ERRORS } from './games.errors.ts';
export { gameTemplateColumns } from './games.columns.ts';
