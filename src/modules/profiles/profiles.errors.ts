import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each profile route can answer. */
export const PROFILES_ERRORS: RouteDocsTable = {
  'POST /api/v1/me': { errors: { 409: ['profile_already_completed', 'duplicate_skill_level_activity'] } },
  'PUT /api/v1/me': { errors: { 409: ['duplicate_skill_level_activity'] } },
};
