import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each games route can answer (the API document and docs/errors.md list them). */
export const GAMES_ERRORS: RouteDocsTable = {
  'GET /api/v1/games': { errors: { 400: ['invalid_cursor'] } },
  'GET /api/v1/games/:id': { errors: { 404: ['game_not_found'] } },
  'POST /api/v1/games': { errors: { 409: ['onboarding_required', 'overlapping_game'] } },
  'PUT /api/v1/games/:id': { errors: { 404: ['game_not_found'], 409: ['game_not_editable', 'slots_below_participants', 'overlapping_game', 'decision_made'] } },
  'POST /api/v1/games/:id/confirm': { errors: { 404: ['game_not_found'], 409: ['game_not_editable'] } },
  'DELETE /api/v1/games/:id': { errors: { 404: ['game_not_found'] } },
  'DELETE /api/v1/games/:id/hard': { errors: { 404: ['game_not_found'] } },
  'DELETE /api/v1/admin/games/:id': { errors: { 404: ['game_not_found'] } },
  'POST /api/v1/games/:id/participants': {
    errors: {
      404: ['game_not_found'],
      409: ['already_joined', 'game_not_joinable', 'approval_required', 'skill_level_out_of_range', 'party_does_not_fit', 'too_many_no_shows'],
    },
  },
  'PUT /api/v1/games/:id/participants/me/guests': {
    errors: { 404: ['game_not_found', 'not_participant'], 409: ['game_not_joinable', 'party_does_not_fit', 'leave_window_closed', 'offer_pending'] },
  },
  'POST /api/v1/games/:id/waitlist-offer/accept': { errors: { 404: ['game_not_found', 'offer_not_found'], 409: ['offer_expired'] } },
  'POST /api/v1/games/:id/waitlist-offer/decline': { errors: { 404: ['game_not_found', 'offer_not_found'] } },
  'GET /api/v1/games/:id/participants': { errors: { 404: ['game_not_found'] } },
  'DELETE /api/v1/games/:id/participants/me': { errors: { 404: ['game_not_found', 'not_participant'], 409: ['game_not_joinable', 'leave_window_closed'] } },
  'DELETE /api/v1/games/:id/participants/:userId': { errors: { 404: ['game_not_found', 'participant_not_found'], 409: ['game_not_joinable'] } },
  'GET /api/v1/games/:id/co-hosts': { errors: { 404: ['game_not_found'] } },
  'POST /api/v1/games/:id/co-hosts': {
    errors: { 404: ['game_not_found'], 409: ['game_not_editable', 'co_host_is_organizer', 'co_host_limit', 'already_co_host'] },
  },
  'DELETE /api/v1/games/:id/co-hosts/:userId': { errors: { 404: ['game_not_found', 'co_host_not_found'] } },
  'POST /api/v1/games/:id/join-requests': {
    errors: { 404: ['game_not_found'], 409: ['game_not_joinable', 'already_joined', 'already_requested', 'approval_not_required', 'skill_level_out_of_range'] },
  },
  'GET /api/v1/games/:id/join-requests': { errors: { 404: ['game_not_found'] } },
  'DELETE /api/v1/games/:id/join-requests/me': { errors: { 404: ['join_request_not_found'] } },
  'POST /api/v1/games/:id/join-requests/:userId/approve': {
    errors: { 404: ['game_not_found', 'join_request_not_found'], 409: ['request_expired', 'already_joined'] },
  },
  'POST /api/v1/games/:id/join-requests/:userId/decline': { errors: { 404: ['game_not_found', 'join_request_not_found'] } },
  'GET /api/v1/me/games/joined': { errors: { 400: ['invalid_cursor'] } },
  'GET /api/v1/me/games/hosted': { errors: { 400: ['invalid_cursor'] } },
};
