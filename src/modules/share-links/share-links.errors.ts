import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each share-link route can answer (the HTML page answers HTML, also for 404). */
export const SHARE_LINKS_ERRORS: RouteDocsTable = {
  'POST /api/v1/share-links': { errors: { 404: ['game_not_found'] } },
  'POST /api/v1/share-links/rotate': { errors: { 404: ['game_not_found'] } },
  'GET /api/v1/share-links/:code': { errors: { 404: ['share_link_not_found'] } },
  // The page reads a malformed code itself and answers its HTML 404 page, never a 400.
  'GET /games/:code': { validates: false },
};
