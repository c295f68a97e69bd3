export { CalendarsService } from './calendars.service.ts';
export type { CalendarGames } from './calendars.ports.ts';
export { calendarsRoutes, CALENDAR_TOKEN_PATHS } from './calendars.routes.ts';
export { CALENDARS_ERRORS } from './calendars.errors.ts';
