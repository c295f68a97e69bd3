import { Type } from 'typebox';

const Uuid = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });

export const Invitation = Type.Object({
  id: Uuid,
  kind: Type.Union([Type.Literal('SERIES_REGULAR'), Type.Literal('SERIES_CO_HOST'), Type.Literal('GAME_CO_HOST')]),
  resourceType: Type.Union([Type.Literal('GAME'), Type.Literal('SERIES')]),
  resourceId: Uuid,
  invitedBy: Uuid,
  invitedByName: Type.Union([Type.String(), Type.Null()]),
  createdAt: Instant,
  expiresAt: Instant,
});

export const InvitationIdParams = Type.Object({ id: Uuid });
