import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each calendars route can answer; both files are tagged and answer 304 (see sendCalendar). */
export const CALENDARS_ERRORS: RouteDocsTable = {
  'GET /api/v1/games/:id.ics': { errors: { 404: ['game_not_found'] }, conditional: true },
  'GET /api/v1/calendar/:token.ics': { errors: { 404: ['calendar_not_found'] }, conditional: true },
};
