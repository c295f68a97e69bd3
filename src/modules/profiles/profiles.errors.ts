import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each profile route can answer (user_not_found: the account was deleted during the request). */
export const PROFILES_ERRORS: RouteDocsTable = {
  'GET /api/v1/me': { errors: { 404: ['user_not_found'] } },
  'POST /api/v1/me': { errors: { 404: ['user_not_found'], 409: ['profile_already_completed', 'duplicate_skill_level_activity'] } },
  'PUT /api/v1/me': { errors: { 404: ['user_not_found'], 409: ['duplicate_skill_level_activity'] } },
};
