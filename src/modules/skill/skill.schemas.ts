import { Type } from 'typebox';

const Uuid = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });
const Level = Type.Object({ id: Uuid, name: Type.String() });
const NullableLevel = (description: string) => Type.Union([Level, Type.Null()], { description });

export const SkillKind = Type.Union([Type.Literal('DOUBLES'), Type.Literal('SINGLES')], {
  description: 'Doubles formats (rotating doubles, winner stays, fixed pairs) and singles are rated apart',
});

export const RatingChange = Type.Object({
  matchId: Uuid,
  won: Type.Union([Type.Boolean(), Type.Null()], { description: 'null: a draw' }),
  muBefore: Type.Number(),
  sigmaBefore: Type.Number(),
  muAfter: Type.Number(),
  sigmaAfter: Type.Number(),
  at: Instant,
});

export const OwnRating = Type.Object({
  activity: Type.Object({ id: Uuid, name: Type.Union([Type.String(), Type.Null()], { description: 'null: the activity was deleted' }) }),
  kind: SkillKind,
  mu: Type.Number({ description: 'The estimated skill (openskill, starting at 25)' }),
  sigma: Type.Number({ description: 'The uncertainty of mu (starting at 8.33); it shrinks with every rated game' }),
  games: Type.Integer({ minimum: 0, description: 'Rated games (confirmed or settled results)' }),
  updatedAt: Instant,
  declaredLevel: NullableLevel('The level you declared on your profile for this activity; it changes only when you change it'),
  suggestedLevel: NullableLevel("The activity's level your rating suggests; null until 3 rated games"),
  history: Type.Array(RatingChange, { description: 'The newest 20 changes, newest first' }),
});

export const OwnRatings = Type.Object({
  hidden: Type.Boolean({ description: 'Your rating and suggested level are hidden from other players' }),
  ratings: Type.Array(OwnRating),
});

export const VisibilityBody = Type.Object({ hidden: Type.Boolean({ description: 'true: other players do not see your rating or suggested level' }) });

/** Another player's rating as the board shows it; null when they hide it. */
export const SharedRating = Type.Union(
  [
    Type.Object({
      mu: Type.Number(),
      sigma: Type.Number(),
      games: Type.Integer({ minimum: 0 }),
      suggestedLevel: NullableLevel("The activity's level this rating suggests; null until 3 rated games"),
    }),
    Type.Null(),
  ],
  { description: 'The player’s skill rating for this game’s activity and kind; null when they hide it from others' },
);
