import { Type } from 'typebox';
import { NameText } from '../../platform/http/text.ts';

const Name = NameText({ maxLength: 100 });

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
