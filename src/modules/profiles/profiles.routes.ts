import { upperCaseEnums } from '../../platform/http/enum-case.ts';
import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { presentMe } from './profiles.presenter.ts';
import { ProfilesApi } from './profiles.api.ts';
import type { ProfilesService } from './profiles.service.ts';
import { signedIn } from '../access/index.ts';

export async function profilesRoutes(app: TypedApp, { profiles }: { profiles: ProfilesService }) {
  const contactMethodNames = upperCaseEnums('contactMethods[].name');
  const routes = userRouteSet(app, 'me', signedIn);

  routes.get('/api/v1/me', { ...ProfilesApi.me, offlineCopy: true }, async (_request, { userId }) => presentMe(await profiles.me(userId)));
  routes.post('/api/v1/me', { ...ProfilesApi.onboard, preValidation: contactMethodNames }, async (request, { userId }) =>
    presentMe(await profiles.completeOnboarding(userId, request.body)),
  );
  routes.put('/api/v1/me', { ...ProfilesApi.update, preValidation: contactMethodNames }, async (request, { userId }) =>
    presentMe(await profiles.update(userId, request.body)),
  );
  routes.delete('/api/v1/me', ProfilesApi.remove, (_request, { userId }) => profiles.deleteAccount(userId));
}
