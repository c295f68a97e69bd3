import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import { SkillApi } from './skill.api.ts';
import type { SkillService } from './skill.service.ts';

export async function skillRoutes(app: TypedApp, { skill }: { skill: SkillService }) {
  const me = userRouteSet(app, 'me', signedIn);
  me.get('/api/v1/me/ratings', SkillApi.mine, (_request, { userId }) => skill.mine(userId));
  me.put('/api/v1/me/ratings/visibility', SkillApi.visibility, (request, { userId }) => skill.setHidden(userId, request.body.hidden));
}
