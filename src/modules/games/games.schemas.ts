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

/** The signed-in viewer's own place in one game: only on the game's own page (GET /api/v1/games/{id}). */
export const ViewerPlace = Type.Object({
  entry: Type.Union([Type.Literal('JOIN'), Type.Literal('REQUEST'), Type.Literal('REFUSED')], {
    description: "How this viewer may enter: join at once, ask (approval, or off the game's level), or not (off level)",
  }),
  recentNoShows: Type.Union([Type.Integer(), Type.Null()], { description: "The viewer's no-shows in 90 days when the game limits them; null otherwise" }),
  request: Type.Union([Type.Object({ message: Type.Union([Type.String(), Type.Null()]), requestedAt: Instant }), Type.Null()], {
    description: "The viewer's open join request",
  }),
  guests: Type.Integer({ description: "Guests in the viewer's party (0 without a place)" }),
  guestNames: Type.Array(Type.String()),
  waitlistPosition: Type.Union([Type.Integer(), Type.Null()], { description: "The viewer's party's place in the waitlist (1: next); null when not waiting" }),
  offerExpiresAt: Type.Union([Instant, Type.Null()], { description: 'A place is on offer to the viewer until then' }),
  leave: Type.Union(
    [
      Type.Object({
        allowed: Type.Boolean(),
        reason: Type.Union([Type.Literal('CANCELLED'), Type.Literal('UNDECIDED'), Type.Literal('FREED'), Type.Literal('OPEN'), Type.Literal('CLOSED')], {
          description: 'UNDECIDED: a quorum game before its decision; FREED: after a change of time, venue or price; CLOSED: within 24 hours of the start',
        }),
        closesAt: Type.Union([Instant, Type.Null()]),
      }),
      Type.Null(),
    ],
    {
      description: 'The 24-hour leave rule for a place held (or taken) now: allowed, why, and when that ends (null: not by time); null for the organiser',
    },
  ),
  checkIn: Type.Union([Type.Object({ opensAt: Instant, closesAt: Instant }), Type.Null()], {
    description: 'The self check-in window, for a player with a place in a game with selfCheckIn',
  }),
  attendance: Type.Union([Type.Literal('ATTENDED'), Type.Literal('NO_SHOW'), Type.Null()]),
  rateFrom: Type.Union([Instant, Type.Null()], { description: 'For a player with a place: ratings open then (the end), for players marked attended' }),
  rating: Type.Union([Type.Object({ score: Type.Integer(), note: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
  organizerContact: Type.Union([Type.Array(Type.Object({ name: Type.String(), value: Type.String() })), Type.Null()], {
    description: 'How to reach the organiser: only for a player holding a place; null otherwise',
  }),
});

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
  distanceMeters: Type.Optional(
    Type.Integer({ description: "A listing near a centre (lat, lng, radiusKm): metres from the centre to the game's venue; nearest venues first" }),
  ),
  shareLink: Type.Optional(Type.Object({ code: Type.String(), shareUrl: Type.String(), webUrl: Type.String(), mobileUrl: Type.String() })),
  viewer: Type.Optional(
    Type.Object({ joined: Type.Boolean(), waitlisted: Type.Boolean(), bookmarked: Type.Boolean(), isOrganizer: Type.Boolean(), isCoHost: Type.Boolean() }),
  ),
  viewerPlace: Type.Optional(ViewerPlace),
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
  skillLevelIds: Type.Optional(
    Type.Array(Uuid, {
      maxItems: 100,
      description: "Games whose level range (from..to, by the levels' order on their activity's ladder) includes one of these",
    }),
  ),
  gameType: Type.Optional(GameType),
  maxPrice: Type.Optional(Type.String({ ...Price, description: 'Games costing at most this much ("0": free games only)' })),
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

/** Which of the caller's games: the states a player's list is split into. */
export const JoinedState = Type.Union([Type.Literal('GOING'), Type.Literal('WAITING'), Type.Literal('OFFERED'), Type.Literal('REQUESTED')], {
  description:
    'GOING: has a place, organises or co-hosts; WAITING: on the waitlist without a running offer; OFFERED: a place is offered until its expiry; REQUESTED: a join request awaits the organiser. Absent: playing or waiting',
});
export type JoinedState = Static<typeof JoinedState>;
export const JoinedQuery = Type.Intersect([
  MyGamesQuery,
  Type.Object({
    state: Type.Optional(JoinedState),
    past: Type.Boolean({ default: false, description: 'Only games that have started (includePast is then implied)' }),
  }),
]);

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
  contactMethods: Type.Optional(
    Type.Array(Type.Object({ name: Type.Union([Type.Literal('WHATSAPP'), Type.Literal('TELEGRAM'), Type.Literal('MESSENGER')]), value: Type.String() }), {
      description: "How to reach the player: listed to the game's organiser and co-hosts only",
    }),
  ),
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

/**
 * A person who holds a role by accepting an invitation: a game's co-host, a series' co-host or
 * regular. PENDING: invited, not yet accepted; `addedAt` is then when they were invited.
 */
export const RoleHolder = Type.Object({
  userId: Uuid,
  name: Type.Union([Type.String(), Type.Null()]),
  addedAt: Instant,
  state: Type.Union([Type.Literal('ACTIVE'), Type.Literal('PENDING')]),
});
/** PENDING ones are listed to the organiser only. */
export const CoHost = RoleHolder;
export const AddCoHostBody = Type.Object({ userId: Uuid });
export const JoinRequestBody = Type.Object({ message: Type.Optional(FreeText({ maxLength: 500, description: 'At most 500 characters' })) });
export const JoinRequest = Type.Object({
  gameId: Uuid,
  userId: Uuid,
  name: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
  requestedAt: Instant,
  skillLevel: Type.Union([Type.Object({ id: Uuid, name: Type.String() }), Type.Null()], {
    description: "The level the requester set for the game's activity; null: none set",
  }),
});
