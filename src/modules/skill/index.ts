export { SkillService, type MatchResult, type PlayerSkill, type SkillActivities, type SkillProfileLevels } from './skill.service.ts';
export { presentShared } from './skill.presenter.ts';
export { SharedRating } from './skill.schemas.ts';
export type { SkillKind } from './skill.table.ts';
export { skillRoutes } from './skill.routes.ts';
