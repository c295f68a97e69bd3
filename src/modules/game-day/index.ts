export { GameDayService } from './game-day.service.ts';
export { GameDayRounds } from './game-day.rounds.ts';
export { GameDayScores } from './game-day.scores.ts';
export type { GameDayAttendance, GameDayGames, GameDayUsers } from './game-day.ports.ts';
export { gameDayRoutes } from './game-day.routes.ts';
export { GAME_DAY_ERRORS } from './game-day.errors.ts';
