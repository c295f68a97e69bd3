import type { MeView } from './profiles.service.ts';

/** The caller's own profile (`GET /api/v1/me`). */
export function presentMe({ user, profile, skillLevels, totals }: MeView) {
  return {
    userId: user.id,
    authProvider: user.authProvider,
    name: user.name,
    email: user.email,
    contactMethods: (profile?.contactMethods ?? []).map((method) => ({ name: method.name, value: method.value })),
    skillLevels: skillLevels.map((level) => ({ activityId: level.activityId, skillLevelId: level.skillLevelId })),
    roles: user.roles,
    hasCompletedOnboarding: profile?.onboardedAt != null,
    totalGamesJoined: totals.joined,
    totalGamesHosted: totals.hosted,
    createdAt: user.createdAt.toISOString(),
  };
}
