import { Type } from 'typebox';
import { FreeText } from '../../platform/http/text.ts';

const Uuid = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });
const Mark = Type.Union([Type.Literal('ATTENDED'), Type.Literal('NO_SHOW')]);

export const GameIdParams = Type.Object({ id: Uuid });
export const PlayerParams = Type.Object({ id: Uuid, userId: Uuid });

export const MarkBody = Type.Object({ status: Mark });

export const AttendanceEntry = Type.Object({
  userId: Uuid,
  name: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Mark, Type.Null()], { description: 'null: not marked yet' }),
  markedAt: Type.Union([Instant, Type.Null()]),
  dispute: Type.Union([Type.Literal('OPEN'), Type.Literal('UPHELD'), Type.Null()], {
    description: 'OPEN: the player disputes this NO_SHOW (it does not count until an admin upholds it); UPHELD: it counts; null: no dispute',
  }),
});

export const DisputeParams = Type.Object({ gameId: Uuid });
export const SettleParams = Type.Object({ gameId: Uuid, userId: Uuid });

export const DisputeBody = Type.Object({ reason: Type.Optional(FreeText({ maxLength: 500, description: 'Why the mark is wrong: at most 500 characters' })) });

export const Dispute = Type.Object({
  gameId: Uuid,
  userId: Uuid,
  markedBy: Uuid,
  markedAt: Instant,
  gameStart: Instant,
  dispute: Type.Union([Type.Literal('OPEN'), Type.Literal('UPHELD'), Type.Literal('DISMISSED'), Type.Null()]),
  disputedAt: Type.Union([Instant, Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
});

/** A dispute in the admin queue, with the names a person decides by. */
export const QueuedDispute = Type.Object({
  ...Dispute.properties,
  playerName: Type.Union([Type.String(), Type.Null()], { description: 'Null: not onboarded, or the account is gone' }),
  markedByName: Type.Union([Type.String(), Type.Null()]),
  gameTitle: Type.Union([Type.String(), Type.Null()], { description: 'Null: the game has no title' }),
});

export const ReliabilityRecord = Type.Object({
  userId: Uuid,
  days: Type.Integer({ description: 'How far back the record reaches (by game start)' }),
  played: Type.Integer({ description: 'Games marked ATTENDED' }),
  noShows: Type.Integer({ description: 'Games marked NO_SHOW' }),
});

export const OwnReliabilityRecord = Type.Intersect([
  ReliabilityRecord,
  Type.Object({
    noShowMarks: Type.Array(
      Type.Intersect([
        Dispute,
        Type.Object({
          disputableUntil: Type.Union([Instant, Type.Null()], { description: 'Until when the mark may be disputed; null: it may not be (any more)' }),
        }),
      ]),
      { description: 'Your NO_SHOW marks in the record, newest first: disputed ones too, dismissed ones are gone' },
    ),
  }),
]);

export const RatingBody = Type.Object({
  score: Type.Integer({ minimum: 1, maximum: 5 }),
  note: Type.Optional(FreeText({ maxLength: 500, description: 'At most 500 characters' })),
});

const Rating = Type.Object({ score: Type.Integer(), note: Type.Union([Type.String(), Type.Null()]), ratedAt: Instant });

export const OwnRating = Type.Intersect([Type.Object({ gameId: Uuid }), Rating]);

export const GameRatingsSchema = Type.Object({
  average: Type.Union([Type.Number(), Type.Null()]),
  count: Type.Integer(),
  ratings: Type.Array(Rating, { description: 'Anonymous: hosts see what was said, not who said it' }),
});
