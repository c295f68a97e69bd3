export { VenuesService } from './venues.service.ts';
export { venuesRoutes } from './venues.routes.ts';
export { loadSampleData } from './sample-data.ts';
