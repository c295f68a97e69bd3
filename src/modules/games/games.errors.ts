import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each games route can answer (the API document and docs/errors.md list them). */
export const GAMES_ERRORS: RouteDocsTable = {
  'GET /api/v1/games': { errors: { 400: ['invalid_cursor'] } },
  'GET /api/v1/games/:id': { errors: { 404: ['game_not_found'] } },
  'POST /api/v1/games': { errors: { 409: ['onboarding_required', 'overlapping_game'] } },
  'PUT /api/v1/games/:id': { errors: { 404: ['game_not_found'], 409: ['game_not_editable', 'slots_below_participants', 'overlapping_game'] } },
  'DELETE /api/v1/games/:id': { errors: { 404: ['game_not_found'] } },
  'DELETE /api/v1/games/:id/hard': { errors: { 404: ['game_not_found'] } },
  'DELETE /api/v1/admin/games/:id': { errors: { 404: ['game_not_found'] } },
  'POST /api/v1/games/:id/participants': { errors: { 404: ['game_not_found'], 409: ['already_joined', 'game_not_joinable'] } },
  'GET /api/v1/games/:id/participants': { errors: { 404: ['game_not_found'] } },
  'DELETE /api/v1/games/:id/participants/me': { errors: { 404: ['game_not_found', 'not_participant'], 409: ['game_not_joinable', 'leave_window_closed'] } },
  'DELETE /api/v1/games/:id/participants/:userId': { errors: { 404: ['game_not_found', 'participant_not_found'], 409: ['game_not_joinable'] } },
  'GET /api/v1/me/games/joined': { errors: { 400: ['invalid_cursor'] } },
  'GET /api/v1/me/games/hosted': { errors: { 400: ['invalid_cursor'] } },
};
