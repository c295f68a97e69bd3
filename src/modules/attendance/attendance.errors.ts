import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each attendance route can answer (the API document and docs/errors.md list them). */
export const ATTENDANCE_ERRORS: RouteDocsTable = {
  'GET /api/v1/games/:id/attendance': { errors: { 404: ['game_not_found'] } },
  'PUT /api/v1/games/:id/attendance/:userId': {
    errors: { 404: ['game_not_found', 'participant_not_found'], 409: ['attendance_window_closed', 'host_not_marked', 'no_show_not_fair', 'mark_disputed'] },
  },
  'POST /api/v1/games/:id/check-in': {
    errors: { 404: ['game_not_found', 'not_participant'], 409: ['host_not_marked', 'self_check_in_disabled', 'check_in_window_closed', 'marked_no_show'] },
  },
  'GET /api/v1/games/:id/participants/:userId/reliability': { errors: { 404: ['game_not_found', 'participant_not_found'] } },
  'PUT /api/v1/games/:id/rating': { errors: { 404: ['game_not_found'], 409: ['host_cannot_rate', 'rating_not_allowed'] } },
  'GET /api/v1/games/:id/ratings': { errors: { 404: ['game_not_found'] } },
  'POST /api/v1/me/attendance/:gameId/dispute': { errors: { 404: ['no_show_not_found'], 409: ['already_disputed', 'dispute_window_closed'] } },
  'POST /api/v1/admin/attendance-disputes/:gameId/:userId/uphold': { errors: { 404: ['dispute_not_found'] } },
  'POST /api/v1/admin/attendance-disputes/:gameId/:userId/dismiss': { errors: { 404: ['dispute_not_found'] } },
};
