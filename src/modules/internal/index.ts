export { internalRoutes } from './internal.routes.ts';
