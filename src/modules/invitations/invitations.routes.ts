import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import { auditActor } from '../audit/index.ts';
import { InvitationsApi } from './invitations.api.ts';
import type { InvitationInbox } from './invitations.service.ts';

/** The caller's invitations: only ever their own, so another's id is simply not found. */
export async function invitationsRoutes(app: TypedApp, { inbox }: { inbox: InvitationInbox }) {
  const routes = userRouteSet(app, 'invitations', signedIn);
  routes.get('/api/v1/me/invitations', InvitationsApi.mine, (_request, { userId }) => inbox.mine(userId));
  routes.post('/api/v1/me/invitations/:id/accept', InvitationsApi.accept, (request, { userId }) =>
    inbox.accept(userId, request.params.id, auditActor(request)),
  );
  routes.post('/api/v1/me/invitations/:id/decline', InvitationsApi.decline, (request, { userId }) =>
    inbox.decline(userId, request.params.id, auditActor(request)),
  );
}
