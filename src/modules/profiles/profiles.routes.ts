import { upperCaseEnums } from '../../platform/http/enum-case.ts';
import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { presentMe } from './profiles.presenter.ts';
import { Me, OnboardingBody, ProfilePatchBody } from './profiles.schemas.ts';
import type { ProfilesService } from './profiles.service.ts';
import { signedIn } from '../access/index.ts';

export async function profilesRoutes(app: TypedApp, { profiles }: { profiles: ProfilesService }) {
  const contactMethodNames = upperCaseEnums('contactMethods[].name');
  const routes = userRouteSet(app, 'me', signedIn);

  routes.get('/api/v1/me', { summary: "The caller's profile", data: Me, message: 'Profile' }, async (_request, { userId }) =>
    presentMe(await profiles.me(userId)),
  );

  routes.post(
    '/api/v1/me',
    { summary: 'Complete onboarding (once)', body: OnboardingBody, data: Me, status: 201, message: 'Onboarding complete', preValidation: contactMethodNames },
    async (request, { userId }) => presentMe(await profiles.completeOnboarding(userId, request.body)),
  );

  routes.put(
    '/api/v1/me',
    { summary: 'Change the profile (fields present replace)', body: ProfilePatchBody, data: Me, message: 'Profile updated', preValidation: contactMethodNames },
    async (request, { userId }) => presentMe(await profiles.update(userId, request.body)),
  );

  routes.delete('/api/v1/me', { summary: 'Delete the account: revokes tokens, settles games, erases personal data' }, (_request, { userId }) =>
    profiles.deleteAccount(userId),
  );
}
