import { Type } from 'typebox';
import type { RouteSpec } from '../../platform/http/route-set.ts';
import { Invitation, InvitationIdParams } from './invitations.schemas.ts';

/** What each invitations route accepts and answers (paths: invitations.routes.ts). */
export const InvitationsApi = {
  mine: { summary: 'Your open invitations to be a regular or co-host, oldest first', data: Type.Array(Invitation), message: 'Invitations' },
  accept: { summary: 'Accept an invitation: you become the regular or co-host now', params: InvitationIdParams },
  decline: { summary: 'Decline an invitation: nothing else changes', params: InvitationIdParams },
} satisfies Record<string, RouteSpec>;
