import type { RouteSpec } from '../../platform/http/route-set.ts';
import { OwnRatings, VisibilityBody } from './skill.schemas.ts';

/** What each skill route accepts and answers. */
export const SkillApi = {
  mine: { summary: 'Your skill ratings per activity and kind (doubles, singles): estimate, uncertainty, suggested level and the newest 20 changes', data: OwnRatings, message: 'Ratings' },
  visibility: { summary: 'Hide your skill rating and suggested level from other players, or show them again', body: VisibilityBody, data: OwnRatings, message: 'Visibility saved' },
} satisfies Record<string, RouteSpec>;
