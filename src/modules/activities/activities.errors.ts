import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each activities route can answer. */
export const ACTIVITIES_ERRORS: RouteDocsTable = {
  'GET /api/v1/activities/:id': { errors: { 404: ['activity_not_found'] } },
  'POST /api/v1/admin/activities': { errors: { 409: ['activity_already_exists'] } },
  'PUT /api/v1/admin/activities/:id': { errors: { 404: ['activity_not_found'], 409: ['activity_already_exists'] } },
  'DELETE /api/v1/admin/activities/:id': { errors: { 404: ['activity_not_found'], 409: ['activity_in_use'] } },
  'PUT /api/v1/admin/activities/:id/skill-levels': { errors: { 404: ['activity_not_found'] } },
};
