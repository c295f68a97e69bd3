import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes the audit route can answer (beyond validation). */
export const AUDIT_ERRORS: RouteDocsTable = {
  'GET /api/v1/admin/audit': { errors: { 400: ['invalid_cursor'] } },
};
