import { Type } from 'typebox';
import { CursorQuery } from '../../platform/http/pagination.ts';

const Change = Type.Object({
  before: Type.Unknown({ description: 'The value before the action (null when there was none)' }),
  after: Type.Unknown({ description: 'The value after the action (null when there is none)' }),
});

export const AuditEntry = Type.Object({
  id: Type.String({ format: 'uuid' }),
  actorId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'Null for the service itself (a job)' }),
  action: Type.String({ description: 'Stable name, e.g. user.roles.changed' }),
  objectType: Type.String(),
  objectId: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Record(Type.String(), Change, { description: 'Only the fields the action changed' }),
  at: Type.String({ format: 'date-time' }),
  requestId: Type.Union([Type.String(), Type.Null()]),
});

export const AuditQuery = Type.Intersect([
  CursorQuery,
  Type.Object({
    objectType: Type.Optional(Type.String({ minLength: 1, maxLength: 50, pattern: '^[a-z][a-z-]*$', description: 'e.g. user, activity, venue, game' })),
    objectId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Needs objectType' })),
    actorId: Type.Optional(Type.String({ format: 'uuid' })),
  }),
]);
