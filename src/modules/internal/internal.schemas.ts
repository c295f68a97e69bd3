import { Type } from 'typebox';
import { AuthProviderInput } from '../users/index.ts';

export const ProvisionBody = Type.Object({
  authProvider: AuthProviderInput,
  subject: Type.String({ minLength: 1, maxLength: 255 }),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 320 })),
});
