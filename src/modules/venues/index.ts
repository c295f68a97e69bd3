export { VenuesService, venuesUseActivity } from './venues.service.ts';
export { venuesRoutes } from './venues.routes.ts';
export { loadSampleData } from './sample-data.ts';
export type { Circle, VenueSummary } from './venues.repository.ts';
export { VENUES_ERRORS } from './venues.errors.ts';
