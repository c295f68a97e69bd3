import type { ActivityWithLevels } from './activities.service.ts';

export function presentActivity({ activity, levels }: ActivityWithLevels) {
  return {
    id: activity.id,
    name: activity.name,
    skillLevels: levels.map((level) => ({ id: level.id, name: level.name, sortOrder: level.sortOrder })),
    createdAt: activity.createdAt.toISOString(),
    updatedAt: activity.updatedAt.toISOString(),
  };
}
