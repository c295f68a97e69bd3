import { Type, type Static } from 'typebox';
import { FreeText, NameText, OptionalNameText } from '../../platform/http/text.ts';
import { CursorQuery } from '../../platform/http/pagination.ts';

const Uuid = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });
const HHMM = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'A time of day as HH:mm, in APP_TIME_ZONE' });
const DateOnly = Type.String({ format: 'date', description: 'YYYY-MM-DD in APP_TIME_ZONE' });

export const Visibility = Type.Union([Type.Literal('PUBLIC'), Type.Literal('PRIVATE')]);
export const GameType = Type.Union([Type.Literal('SINGLE'), Type.Literal('DOUBLE')]);
export const GameStatus = Type.Union([Type.Literal('SCHEDULED'), Type.Literal('STARTED'), Type.Literal('COMPLETED'), Type.Literal('CANCELLED')]);
export const ParticipantStatus = Type.Union([Type.Literal('ACTIVE'), Type.Literal('WAITLISTED')]);

const SkillLevel = Type.Object({ id: Uuid, name: Type.String(), sortOrder: Type.Integer() });
const GameVenue = Type.Object({ id: Uuid, name: Type.String(), address: Type.String(), latitude: Type.Number(), longitude: Type.Number() });

export const GameSchema = Type.Object({
  id: Uuid,
  activity: Type.Object({ id: Uuid, name: Type.String() }),
  organizer: Type.Object({ id: Uuid, name: Type.Union([Type.String(), Type.Null()]) }),
  venue: GameVenue,
  skillLevel: Type.Object({ from: SkillLevel, to: SkillLevel }),
  title: Type.Union([Type.String(), Type.Null()]),
  description: Type.Union([Type.String(), Type.Null()]),
  currency: Type.String(),
  price: Type.String({ description: 'Decimal string, two places' }),
  slots: Type.Integer(),
  playersJoined: Type.Integer(),
  waitlisted: Type.Integer(),
  startTime: Instant,
  endTime: Instant,
  visibility: Visibility,
  gameType: GameType,
  status: GameStatus,
  minPlayers: Type.Union([Type.Integer(), Type.Null()], { description: 'The quorum; null when the game has none' }),
  decisionHoursBefore: Type.Integer({ description: 'How long before the start the go / no-go is decided' }),
  decisionAt: Type.Union([Instant, Type.Null()], { description: 'When the go / no-go is decided; null without a quorum' }),
  confirmed: Type.Boolean({ description: 'Game on: decided with enough players, or confirmed by the organiser' }),
  cancelReason: Type.Union([Type.Literal('NOT_ENOUGH_PLAYERS'), Type.Null()]),
  joinPolicy: Type.Union([Type.Literal('OPEN'), Type.Literal('APPROVAL')]),
  offLevelPolicy: Type.Union([Type.Literal('ALLOW'), Type.Literal('REQUEST'), Type.Literal('REFUSE')]),
  maxGuestsPerPlayer: Type.Integer({ description: 'Guests each player may bring (each takes a place)' }),
  waitlistMode: Type.Union([Type.Literal('AUTO'), Type.Literal('OFFER')]),
  placesOnOffer: Type.Integer({ description: 'Places held for waiting parties with a running offer (counted in waitlisted, not in playersJoined)' }),
  selfCheckIn: Type.Boolean({ description: 'Players may check themselves in from 30 minutes before to 30 minutes after the start' }),
  maxRecentNoShows: Type.Union([Type.Integer(), Type.Null()], { description: 'Joins are refused with this many no-shows in 90 days; null: never' }),
  leaveFreeUntil: Type.Union([Instant, Type.Null()], {
    description:
      'The last change of time, venue or price frees the players from the 24-hour leave window until then (compare with now); null: never changed so',
  }),
  rating: Type.Optional(
    Type.Object(
      { average: Type.Union([Type.Number(), Type.Null()]), count: Type.Integer() },
      { description: "The players' ratings (only in the organiser's hosted list)" },
    ),
  ),
  shareLink: Type.Optional(Type.Object({ code: Type.String(), shareUrl: Type.String(), webUrl: Type.String(), mobileUrl: Type.String() })),
  viewer: Type.Optional(
    Type.Object({ joined: Type.Boolean(), waitlisted: Type.Boolean(), bookmarked: Type.Boolean(), isOrganizer: Type.Boolean(), isCoHost: Type.Boolean() }),
  ),
  createdAt: Instant,
  updatedAt: Instant,
});

const Title = NameText({ maxLength: 200 });
const Description = FreeText({ maxLength: 5000 });
const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'A three-letter ISO 4217 code, like SGD' });
const Price = Type.String({ pattern: '^(0|[1-9][0-9]{0,7})(\\.[0-9]{1,2})?$', description: 'A decimal with at most 2 places, below 100000000, like "8.50"' });
const Slots = Type.Integer({ minimum: 1, maximum: 100 });
const MinPlayers = Type.Integer({ minimum: 1, maximum: 100, description: 'At most slots' });
const JoinPolicy = Type.Union([Type.Literal('OPEN'), Type.Literal('APPROVAL')], { description: 'APPROVAL: joining is a request; default OPEN' });
const OffLevelPolicy = Type.Union([Type.Literal('ALLOW'), Type.Literal('REQUEST'), Type.Literal('REFUSE')], {
  description: 'Players outside the level range: join, request, or refused; default ALLOW',
});
const MaxGuests = Type.Integer({ minimum: 0, maximum: 3, description: 'Guests each player may bring, each taking a place; default 0' });
const WaitlistMode = Type.Union([Type.Literal('AUTO'), Type.Literal('OFFER')], {
  description: 'AUTO: a freed place goes to the waitlist at once; OFFER: it is offered to the next party, who must accept in time; default AUTO',
});
const SelfCheckIn = Type.Boolean({ description: 'Players may check themselves in around the start; default false' });
const MaxRecentNoShows = Type.Integer({ minimum: 1, maximum: 100, description: 'Refuse joins from players with at least this many no-shows in 90 days' });
const DecisionHours = Type.Integer({ minimum: 0, maximum: 168, description: 'Hours before the start; default 3' });

/** Settings with a default, optional alike when hosting (absent: the default) and in a patch (absent: unchanged). */
const Settings = {
  decisionHoursBefore: Type.Optional(DecisionHours),
  joinPolicy: Type.Optional(JoinPolicy),
  offLevelPolicy: Type.Optional(OffLevelPolicy),
  maxGuestsPerPlayer: Type.Optional(MaxGuests),
  waitlistMode: Type.Optional(WaitlistMode),
  selfCheckIn: Type.Optional(SelfCheckIn),
};

export const CreateGameBody = Type.Object({
  activityId: Uuid,
  venueId: Uuid,
  skillLevelFromId: Uuid,
  skillLevelToId: Uuid,
  title: Type.Optional(Title),
  description: Type.Optional(Description),
  currency: Currency,
  price: Price,
  slots: Slots,
  startTime: Instant,
  endTime: Instant,
  visibility: Visibility,
  gameType: GameType,
  joinAsOrganizer: Type.Optional(Type.Boolean()),
  minPlayers: Type.Optional(MinPlayers),
  ...Settings,
  maxRecentNoShows: Type.Optional(MaxRecentNoShows),
});
export type CreateGameInput = Static<typeof CreateGameBody>;

/** A patch: present fields replace. activityId and visibility are accepted only unchanged. */
export const UpdateGameBody = Type.Object({
  activityId: Type.Optional(Uuid),
  visibility: Type.Optional(Visibility),
  venueId: Type.Optional(Uuid),
  skillLevelFromId: Type.Optional(Uuid),
  skillLevelToId: Type.Optional(Uuid),
  title: Type.Optional(Type.Union([Title, Type.Null()])),
  description: Type.Optional(Type.Union([Description, Type.Null()])),
  currency: Type.Optional(Currency),
  price: Type.Optional(Price),
  slots: Type.Optional(Slots),
  startTime: Type.Optional(Instant),
  endTime: Type.Optional(Instant),
  gameType: Type.Optional(GameType),
  minPlayers: Type.Optional(Type.Union([MinPlayers, Type.Null()])),
  ...Settings,
  maxRecentNoShows: Type.Optional(Type.Union([MaxRecentNoShows, Type.Null()])),
});
export type UpdateGameInput = Static<typeof UpdateGameBody>;

export const GameFilterQuery = Type.Object({
  activityId: Type.Optional(Uuid),
  venueIds: Type.Optional(Type.Array(Uuid, { maxItems: 100, description: 'Repeat the parameter for several' })),
  skillLevelIds: Type.Optional(Type.Array(Uuid, { maxItems: 100, description: 'Games whose lowest or highest level is one of these' })),
  gameType: Type.Optional(GameType),
  fromDate: Type.Optional(DateOnly),
  toDate: Type.Optional(DateOnly),
  fromTime: Type.Optional(HHMM),
  toTime: Type.Optional(HHMM),
  lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
  lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  radiusKm: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 50 })),
  includePast: Type.Boolean({ default: false, description: 'Also games whose start time has passed' }),
  confirmed: Type.Optional(Type.Boolean({ description: 'Only games that are (true) or are not yet (false) confirmed' })),
});
export type GameFilterInput = Static<typeof GameFilterQuery>;

export const GamesQuery = Type.Intersect([CursorQuery, GameFilterQuery]);

export const MyGamesQuery = Type.Intersect([CursorQuery, Type.Object({ includePast: Type.Boolean({ default: false }) })]);

export const FilterOptions = Type.Object({
  venues: Type.Array(GameVenue),
  skillLevels: Type.Array(SkillLevel),
  startTimes: Type.Array(Type.String({ description: 'HH:mm' })),
  gameTypes: Type.Array(GameType),
});

const Party = {
  guests: Type.Integer({ description: 'Guests the player brings; the party takes 1 + guests places' }),
  guestNames: Type.Array(Type.String()),
  offerExpiresAt: Type.Union([Instant, Type.Null()], { description: 'A waiting party offered a place: accept before this instant' }),
};
export const Participation = Type.Object({ gameId: Uuid, userId: Uuid, status: ParticipantStatus, joinedAt: Instant, ...Party });

export const Participant = Type.Object({
  userId: Uuid,
  name: Type.Union([Type.String(), Type.Null()]),
  status: ParticipantStatus,
  joinedAt: Instant,
  isOrganizer: Type.Boolean(),
  ...Party,
});

// A blank guest name is dropped, so it passes here; NUL and the other control characters do not.
const GuestNames = Type.Array(OptionalNameText({ maxLength: 100 }), { maxItems: 3, description: 'Optional, one per guest' });
const Guests = Type.Integer({ minimum: 0, maximum: 3, description: "At most the game's maxGuestsPerPlayer" });
export const JoinBody = Type.Object({
  guests: Type.Optional(Guests),
  guestNames: Type.Optional(GuestNames),
  ifFull: Type.Optional(
    Type.Union([Type.Literal('WAITLIST'), Type.Literal('REFUSE')], {
      description: 'When the whole party does not fit: wait for room for all of it (default), or refuse with 409 party_does_not_fit',
    }),
  ),
});
export type JoinInput = Static<typeof JoinBody>;
export const GuestsBody = Type.Object({ guests: Guests, guestNames: Type.Optional(GuestNames) });
export type GuestsInput = Static<typeof GuestsBody>;

export const GameIdParams = Type.Object({ id: Uuid });
export const ParticipantParams = Type.Object({ id: Uuid, userId: Uuid });

/** PENDING: invited, not yet accepted (listed to the organiser only); `addedAt` is then when they were invited. */
export const CoHost = Type.Object({
  userId: Uuid,
  name: Type.Union([Type.String(), Type.Null()]),
  addedAt: Instant,
  state: Type.Union([Type.Literal('ACTIVE'), Type.Literal('PENDING')]),
});
export const AddCoHostBody = Type.Object({ userId: Uuid });
export const JoinRequestBody = Type.Object({ message: Type.Optional(FreeText({ maxLength: 500, description: 'At most 500 characters' })) });
export const JoinRequest = Type.Object({
  gameId: Uuid,
  userId: Uuid,
  name: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
  requestedAt: Instant,
});
