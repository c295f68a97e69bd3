import { offsetPaged } from '../../platform/http/pagination.ts';
import type { RouteSpec } from '../../platform/http/route-set.ts';
import { Activity, ActivityIdParams, CreateActivityBody, LadderBody, UpdateActivityBody } from './activities.schemas.ts';

/** What each activities route accepts and answers. */
export const ActivitiesApi = {
  list: { summary: 'Activities by name, with their skill-level ladders', ...offsetPaged(Activity), message: 'Activities' },
  one: { summary: 'One activity', params: ActivityIdParams, data: Activity, message: 'Activity' },
  create: { summary: 'Create an activity', body: CreateActivityBody, data: Activity, status: 201, message: 'Activity created' },
  rename: { summary: 'Rename an activity', params: ActivityIdParams, body: UpdateActivityBody, data: Activity, message: 'Activity updated' },
  remove: { summary: 'Delete an activity no venue or game uses', params: ActivityIdParams },
  replaceLadder: {
    summary: "Replace an activity's skill-level ladder (levels keep their ids when their name matches)",
    params: ActivityIdParams,
    body: LadderBody,
    data: Activity,
    message: 'Skill levels replaced',
  },
} satisfies Record<string, RouteSpec>;
