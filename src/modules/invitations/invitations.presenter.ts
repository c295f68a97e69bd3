import type { Static } from 'typebox';
import type { InvitationRow } from './invitations.repository.ts';
import type { Invitation } from './invitations.schemas.ts';

export type PresentedInvitation = Static<typeof Invitation>;

/** A game co-host invitation points at the game; the others at the series. */
export function presentInvitation(row: InvitationRow, invitedByName: string | null): PresentedInvitation {
  return {
    id: row.id,
    kind: row.kind,
    resourceType: row.kind === 'GAME_CO_HOST' ? 'GAME' : 'SERIES',
    resourceId: row.targetId,
    invitedBy: row.invitedBy,
    invitedByName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
