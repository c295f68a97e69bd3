import { Type, type Static } from 'typebox';
import { CreateGameBody, GameSchema, RoleHolder, UpdateGameBody } from '../games/index.ts';
import { MAX_OCCURRENCES } from './series.rules.ts';

const Uuid = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });
const DateOnly = Type.String({ format: 'date', description: 'YYYY-MM-DD in APP_TIME_ZONE' });
const HHMM = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'A time of day as HH:mm, in APP_TIME_ZONE' });
const Duration = Type.Integer({ minimum: 15, maximum: 1440, description: 'Minutes each game lasts' });
const Weekdays = Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), {
  minItems: 1,
  maxItems: 7,
  description: 'ISO weekdays: 1 Monday to 7 Sunday, each at most once',
});

// Every field of a game but its times: a series gives a rule instead.
const { startTime: _start, endTime: _end, ...gameFields } = CreateGameBody.properties;

export const CreateSeriesBody = Type.Object({
  ...gameFields,
  weekdays: Weekdays,
  startTime: HHMM,
  durationMinutes: Duration,
  intervalWeeks: Type.Optional(Type.Integer({ minimum: 1, maximum: 8, description: 'Every N weeks; default 1 (weekly)' })),
  startsOn: DateOnly,
  endsOn: Type.Optional(DateOnly),
  occurrenceCount: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_OCCURRENCES, description: 'Give this or endsOn' })),
  openDaysAhead: Type.Optional(Type.Integer({ minimum: 1, maximum: 28, description: 'How many days before its date a game opens; default 7' })),
});
export type CreateSeriesInput = Static<typeof CreateSeriesBody>;

const { title, venueId, price, currency, slots, description } = UpdateGameBody.properties;

/** "This game" or "this and following": the fields present replace; the times are local, the rest from the series. */
export const EditOccurrenceBody = Type.Object({
  scope: Type.Union([Type.Literal('THIS'), Type.Literal('FOLLOWING')], {
    description: 'THIS: the opened game of that date only; FOLLOWING: that date and every later one',
  }),
  title,
  description,
  venueId,
  price,
  currency,
  slots,
  startTime: Type.Optional(HHMM),
  durationMinutes: Type.Optional(Duration),
});
export type EditOccurrenceInput = Static<typeof EditOccurrenceBody>;

// The rules every occurrence copies, described as the game describes them.
const { joinPolicy, offLevelPolicy, maxGuestsPerPlayer, waitlistMode, selfCheckIn, maxRecentNoShows } = GameSchema.properties;
const policies = { joinPolicy, offLevelPolicy, maxGuestsPerPlayer, waitlistMode, selfCheckIn, maxRecentNoShows };

export const SeriesSchema = Type.Object({
  id: Uuid,
  organizerId: Uuid,
  activityId: Uuid,
  venueId: Uuid,
  skillLevelFromId: Uuid,
  skillLevelToId: Uuid,
  title: Type.Union([Type.String(), Type.Null()]),
  description: Type.Union([Type.String(), Type.Null()]),
  currency: Type.String(),
  price: Type.String({ description: 'Decimal string, two places' }),
  slots: Type.Integer(),
  visibility: Type.Union([Type.Literal('PUBLIC'), Type.Literal('PRIVATE')]),
  gameType: Type.Union([Type.Literal('SINGLE'), Type.Literal('DOUBLE')]),
  minPlayers: Type.Union([Type.Integer(), Type.Null()]),
  decisionHoursBefore: Type.Integer(),
  ...policies,
  joinAsOrganizer: Type.Boolean(),
  weekdays: Type.Array(Type.Integer()),
  startTime: Type.String({ description: 'HH:mm in timeZone' }),
  durationMinutes: Type.Integer(),
  intervalWeeks: Type.Integer(),
  startsOn: DateOnly,
  endsOn: Type.Union([DateOnly, Type.Null()]),
  occurrenceCount: Type.Union([Type.Integer(), Type.Null()]),
  openDaysAhead: Type.Integer(),
  timeZone: Type.String({ description: 'The zone of the dates and times (APP_TIME_ZONE)' }),
  status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('ENDED')]),
  viewer: Type.Object({ isOrganizer: Type.Boolean(), isCoHost: Type.Boolean(), isRegular: Type.Boolean() }),
  createdAt: Instant,
  updatedAt: Instant,
});

export const Occurrence = Type.Object({
  date: DateOnly,
  startTime: Instant,
  state: Type.Union([Type.Literal('PENDING'), Type.Literal('OPENED'), Type.Literal('SKIPPED'), Type.Literal('CANCELLED')], {
    description: 'PENDING: not open yet; SKIPPED: it would have overlapped another of the organiser’s games',
  }),
  gameId: Type.Union([Uuid, Type.Null()]),
  skipping: Type.Boolean({ description: 'The viewer, a regular, sits this date out (POST …/skip)' }),
});

export const EditResult = Type.Object({
  series: SeriesSchema,
  games: Type.Array(
    Type.Object({
      date: DateOnly,
      gameId: Uuid,
      updated: Type.Boolean(),
      code: Type.Union([Type.String(), Type.Null()], { description: 'Why this game was left as it was (the code the game edit answered)' }),
    }),
  ),
});

/** A co-host or regular of the series; PENDING ones are listed to the organiser and co-hosts only. */
export const Member = RoleHolder;
export const MemberBody = Type.Object({ userId: Uuid });
export const SeriesIdParams = Type.Object({ id: Uuid });
export const MemberParams = Type.Object({ id: Uuid, userId: Uuid });
export const OccurrenceParams = Type.Object({ id: Uuid, date: DateOnly });
