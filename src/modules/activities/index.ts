export { ActivitiesService } from './activities.service.ts';
export type { ActivityUsageCheck, ActivityWithLevels, LadderInput, LevelSummary } from './activities.service.ts';
export { activitiesRoutes } from './activities.routes.ts';
export { ACTIVITIES_ERRORS } from './activities.errors.ts';
