import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { INTERNAL_SECURITY } from '../../platform/http/openapi.ts';
import { JobParams, JobResult } from './jobs.schemas.ts';
import type { JobsService } from './jobs.service.ts';

export interface JobsRoutesOptions {
  jobs: JobsService;
}

/** On-demand runs for operators and schedulers outside the service; the access policy demands X-Internal-Secret. */
export async function jobsRoutes(app: TypedApp, options: JobsRoutesOptions) {
  app.post(
    '/api/v1/internal/jobs/:name/run',
    {
      schema: {
        tags: ['internal'],
        security: INTERNAL_SECURITY,
        summary: `Run a job now (${options.jobs.names.join(', ')}) under its cluster-wide lock`,
        params: JobParams,
        response: { 200: Envelope(JobResult) },
      },
    },
    async (request) => {
      const { name, processed, ran } = await options.jobs.run(request.params.name);
      return envelope(request, { name, processed }, ran ? 'Job ran' : 'Job is running on another instance');
    },
  );
}
