import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each users route (admin and internal) can answer. */
export const USERS_ERRORS: RouteDocsTable = {
  'PUT /api/v1/admin/users/:id/roles': { errors: { 404: ['user_not_found'] } },
  'PUT /api/v1/internal/users/:id/roles': { errors: { 404: ['user_not_found'] } },
};
