import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';
import { conflict } from '../../platform/http/errors.ts';

export const seriesEnded = () => conflict('series_ended', 'The series has ended; it cannot change any more.');

/** The domain error codes each series route can answer (the API document and docs/errors.md list them). */
export const SERIES_ERRORS: RouteDocsTable = {
  'POST /api/v1/series': { errors: { 409: ['onboarding_required'] } },
  'GET /api/v1/series/:id': { errors: { 404: ['series_not_found'] } },
  'DELETE /api/v1/series/:id': { errors: { 404: ['series_not_found'] } },
  'GET /api/v1/series/:id/occurrences': { errors: { 404: ['series_not_found'] } },
  'PUT /api/v1/series/:id/occurrences/:date': {
    errors: {
      404: ['series_not_found', 'occurrence_not_found', 'game_not_found'],
      409: ['series_ended', 'occurrence_past', 'occurrence_not_open', 'game_not_editable', 'slots_below_participants', 'overlapping_game', 'decision_made'],
    },
  },
  'DELETE /api/v1/series/:id/occurrences/:date': { errors: { 404: ['series_not_found', 'occurrence_not_found', 'game_not_found'], 409: ['occurrence_past'] } },
  'POST /api/v1/series/:id/occurrences/:date/skip': {
    errors: {
      404: ['series_not_found', 'regular_not_found', 'occurrence_not_found', 'game_not_found'],
      409: ['occurrence_past', 'game_not_joinable', 'leave_window_closed'],
    },
  },
  'GET /api/v1/series/:id/payment-rules': { errors: { 404: ['series_not_found'] } },
  'PUT /api/v1/series/:id/payment-rules': { errors: { 404: ['series_not_found'], 409: ['series_ended'] } },
  'GET /api/v1/series/:id/regulars': { errors: { 404: ['series_not_found'] } },
  'POST /api/v1/series/:id/regulars': { errors: { 404: ['series_not_found'], 409: ['approval_required', 'series_ended', 'already_regular'] } },
  'DELETE /api/v1/series/:id/regulars/:userId': { errors: { 404: ['series_not_found', 'regular_not_found'] } },
  'GET /api/v1/series/:id/co-hosts': { errors: { 404: ['series_not_found'] } },
  'POST /api/v1/series/:id/co-hosts': {
    errors: { 404: ['series_not_found'], 409: ['series_ended', 'co_host_is_organizer', 'co_host_limit', 'already_co_host'] },
  },
  'DELETE /api/v1/series/:id/co-hosts/:userId': { errors: { 404: ['series_not_found', 'co_host_not_found'] } },
};
