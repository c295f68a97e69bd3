export { JobsService, type Job } from './jobs.service.ts';
export { standardJobs, type StandardJobsDeps } from './jobs.definitions.ts';
export { jobsRoutes } from './jobs.routes.ts';
export { JOBS_ERRORS } from './jobs.errors.ts';
