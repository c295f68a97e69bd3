import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each venues route can answer. */
export const VENUES_ERRORS: RouteDocsTable = {
  'POST /api/v1/admin/venues': { errors: { 409: ['venue_already_exists'] } },
  'PUT /api/v1/admin/venues/:id': { errors: { 404: ['venue_not_found'], 409: ['venue_already_exists'] } },
  'DELETE /api/v1/admin/venues/:id': { errors: { 404: ['venue_not_found'] } },
  'POST /api/v1/admin/venues/import': {
    errors: { 400: ['invalid_import_file', 'invalid_request', 'validation_failed'], 413: ['payload_too_large'], 415: ['unsupported_media_type'] },
  },
};
