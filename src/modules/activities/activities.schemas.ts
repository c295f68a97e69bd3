import { Type } from 'typebox';
import { offsetPaged } from '../../platform/http/pagination.ts';
import type { RouteSpec } from '../../platform/http/route-set.ts';

const Name = Type.String({ maxLength: 100, pattern: '\\S', description: 'Not blank' });

export const SkillLevel = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  sortOrder: Type.Integer(),
});

export const Activity = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  skillLevels: Type.Array(SkillLevel),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const SkillLevelInput = Type.Object({
  name: Name,
  sortOrder: Type.Integer({ minimum: 0, maximum: 1000 }),
});

const Ladder = Type.Array(SkillLevelInput, { maxItems: 50 });

export const CreateActivityBody = Type.Object({
  name: Name,
  skillLevels: Type.Optional(Ladder),
});

export const UpdateActivityBody = Type.Object({ name: Name });

export const LadderBody = Type.Object({ skillLevels: Ladder });

export const ActivityIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

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
