import { Type, type Static } from 'typebox';
import { NameText } from '../../platform/http/text.ts';
import { AuthProviderSchema } from '../users/index.ts';

export const CONTACT_METHOD_NAMES = ['WHATSAPP', 'TELEGRAM', 'MESSENGER'] as const;

const Name = NameText({ maxLength: 200 });

const ContactMethod = Type.Object({
  name: Type.Enum([...CONTACT_METHOD_NAMES], { description: 'WHATSAPP, TELEGRAM or MESSENGER (lowercase is also accepted)' }),
  value: NameText({ maxLength: 100, description: 'Phone number (WHATSAPP, TELEGRAM) or username (TELEGRAM, MESSENGER)' }),
});
const ContactMethods = Type.Array(ContactMethod, { minItems: 1, maxItems: 10 });

const SkillLevelChoice = Type.Object({
  activityId: Type.String({ format: 'uuid' }),
  skillLevelId: Type.String({ format: 'uuid' }),
});
const SkillLevelChoices = Type.Array(SkillLevelChoice, { maxItems: 50, description: 'At most one per activity' });

export const OnboardingBody = Type.Object({
  name: Name,
  contactMethods: ContactMethods,
  skillLevels: Type.Optional(SkillLevelChoices),
});
export type OnboardingInput = Static<typeof OnboardingBody>;

/** A patch: the fields present replace the stored ones. */
export const ProfilePatchBody = Type.Partial(OnboardingBody);
export type ProfilePatch = Static<typeof ProfilePatchBody>;

export const Me = Type.Object({
  userId: Type.String({ format: 'uuid' }),
  authProvider: AuthProviderSchema,
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  contactMethods: Type.Array(Type.Object({ name: Type.Enum([...CONTACT_METHOD_NAMES]), value: Type.String() })),
  skillLevels: Type.Array(SkillLevelChoice),
  roles: Type.Array(Type.String()),
  hasCompletedOnboarding: Type.Boolean(),
  totalGamesJoined: Type.Integer(),
  totalGamesHosted: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});
