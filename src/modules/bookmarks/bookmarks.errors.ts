import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each bookmarks route can answer. */
export const BOOKMARKS_ERRORS: RouteDocsTable = {
  'POST /api/v1/game-bookmarks': { errors: { 404: ['game_not_found'], 409: ['already_bookmarked'] } },
};
