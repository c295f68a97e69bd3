import type { RouteSpec } from '../../platform/http/route-set.ts';
import { Me, OnboardingBody, ProfilePatchBody } from './profiles.schemas.ts';

/** What each profile route accepts and answers. */
export const ProfilesApi = {
  me: { summary: "The caller's profile", data: Me, message: 'Profile' },
  onboard: { summary: 'Complete onboarding (once)', body: OnboardingBody, data: Me, status: 201, message: 'Onboarding complete' },
  update: { summary: 'Change the profile (fields present replace)', body: ProfilePatchBody, data: Me, message: 'Profile updated' },
  remove: { summary: 'Delete the account: revokes tokens, settles games, erases personal data' },
} satisfies Record<string, RouteSpec>;
