export { ActivitiesService } from './activities.service.ts';
export type { ActivityUsageCheck, ActivityWithLevels, LadderInput } from './activities.service.ts';
export { activitiesRoutes } from './activities.routes.ts';
