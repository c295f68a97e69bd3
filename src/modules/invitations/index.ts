export { Invitations, InvitationInbox, INVITATION_DAYS, type InvitationAcceptor, type InvitationKind, type InvitationRow } from './invitations.service.ts';
export { invitationsRoutes } from './invitations.routes.ts';
export { INVITATIONS_ERRORS } from './invitations.errors.ts';
