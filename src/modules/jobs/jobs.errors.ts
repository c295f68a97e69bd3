import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes the jobs route can answer. */
export const JOBS_ERRORS: RouteDocsTable = {
  'POST /api/v1/internal/jobs/:name/run': { errors: { 404: ['job_not_found'] } },
};
