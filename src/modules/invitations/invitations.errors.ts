import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each invitations route can answer (accepting also answers the membership's own refusals). */
export const INVITATIONS_ERRORS: RouteDocsTable = {
  'POST /api/v1/me/invitations/:id/accept': {
    errors: { 404: ['invitation_not_found'], 409: ['co_host_limit', 'game_not_editable', 'series_ended'] },
  },
  'POST /api/v1/me/invitations/:id/decline': { errors: { 404: ['invitation_not_found'] } },
};
