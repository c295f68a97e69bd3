import { Type } from 'typebox';

export const JobParams = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$', description: 'A job name: lowercase letters, digits and dashes' }),
});
export const JobResult = Type.Object({ name: Type.String(), processed: Type.Integer() });
