import { presentAuthProvider } from '../users/index.ts';
import type { MeView } from './profiles.service.ts';
import type { ContactMethod, StoredContactMethod } from './profiles.table.ts';

const METHOD_NAME: Record<StoredContactMethod['name'], ContactMethod['name']> = {
  WHATSAPP: 'WHATSAPP',
  TELEGRAM: 'TELEGRAM',
  MESSENGER: 'MESSENGER',
  whatsapp: 'WHATSAPP',
  telegram: 'TELEGRAM',
  messenger: 'MESSENGER',
};

/** A profile's contact methods, their names in upper case (older rows stored them in lower case). */
export const presentContactMethods = (profile: { contactMethods: StoredContactMethod[] | null } | undefined) =>
  (profile?.contactMethods ?? []).map((method) => ({ name: METHOD_NAME[method.name], value: method.value }));

/** The caller's own profile (`GET /api/v1/me`). */
export function presentMe({ user, profile, skillLevels, totals }: MeView) {
  return {
    userId: user.id,
    authProvider: presentAuthProvider(user.authProvider),
    name: user.name,
    email: user.email,
    contactMethods: presentContactMethods(profile),
    skillLevels: skillLevels.map((level) => ({ activityId: level.activityId, skillLevelId: level.skillLevelId })),
    roles: user.roles,
    hasCompletedOnboarding: profile?.onboardedAt != null,
    totalGamesJoined: totals.joined,
    totalGamesHosted: totals.hosted,
    createdAt: user.createdAt.toISOString(),
  };
}
