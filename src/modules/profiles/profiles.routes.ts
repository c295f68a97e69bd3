import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Type } from 'typebox';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { upperCaseEnums } from '../../platform/http/enum-case.ts';
import { USER_SECURITY, userRoute } from '../../platform/http/openapi.ts';
import { created, noContent } from '../../platform/http/replies.ts';
import { presentMe } from './profiles.presenter.ts';
import { Me, OnboardingBody, ProfilePatchBody } from './profiles.schemas.ts';
import type { ProfilesService } from './profiles.service.ts';
import { signedIn } from '../access/index.ts';

export async function profilesRoutes(app: TypedApp, { profiles }: { profiles: ProfilesService }) {
  const contactMethodNames = upperCaseEnums('contactMethods[].name');

  app.get('/api/v1/me', { schema: userRoute('me', "The caller's profile", { response: { 200: Envelope(Me) } }) }, async (request) =>
    envelope(request, presentMe(await profiles.me(signedIn(request).userId)), 'Profile'),
  );

  app.post(
    '/api/v1/me',
    {
      schema: { tags: ['me'], security: USER_SECURITY, summary: 'Complete onboarding (once)', body: OnboardingBody, response: { 201: Envelope(Me) } },
      preValidation: contactMethodNames,
    },
    async (request, reply) =>
      created(reply, envelope(request, presentMe(await profiles.completeOnboarding(signedIn(request).userId, request.body)), 'Onboarding complete')),
  );

  app.put(
    '/api/v1/me',
    {
      schema: {
        tags: ['me'],
        security: USER_SECURITY,
        summary: 'Change the profile (fields present replace)',
        body: ProfilePatchBody,
        response: { 200: Envelope(Me) },
      },
      preValidation: contactMethodNames,
    },
    async (request) => envelope(request, presentMe(await profiles.update(signedIn(request).userId, request.body)), 'Profile updated'),
  );

  app.delete(
    '/api/v1/me',
    {
      schema: {
        tags: ['me'],
        security: USER_SECURITY,
        response: { 204: Type.Null() },
        summary: 'Delete the account: revokes tokens, settles games, erases personal data',
      },
    },
    async (request, reply) => noContent(reply, profiles.deleteAccount(signedIn(request).userId)),
  );
}
