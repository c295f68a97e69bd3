import { Type } from 'typebox';
import { SharedRating } from '../skill/index.ts';

const Uuid = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T, options?: { description: string }) =>
  Type.Union([schema, Type.Null()], options);

export const Format = Type.Union([Type.Literal('ROTATING_DOUBLES'), Type.Literal('WINNER_STAYS'), Type.Literal('FIXED_PAIRS'), Type.Literal('SINGLES')], {
  description:
    'ROTATING_DOUBLES: partners and opponents mixed; WINNER_STAYS: the winning side stays on (up to a cap); FIXED_PAIRS: the same partner all session; SINGLES',
});
export const ScoreRule = Type.Union([Type.Literal('TO_21'), Type.Literal('TO_11'), Type.Literal('FREE')], {
  description: 'TO_21: 21 with two clear, up to 30; TO_11: 11 with two clear; FREE: any score',
});
export const Pace = Type.Union([Type.Literal('ROUND'), Type.Literal('COURT')], {
  description: 'ROUND: all free courts start together; COURT: the next match as soon as a court frees',
});
const ScoreState = Type.Union([Type.Literal('ENTERED'), Type.Literal('CONFIRMED'), Type.Literal('DISPUTED'), Type.Literal('SETTLED')]);

export const GameIdParams = Type.Object({ id: Uuid });
export const RoundParams = Type.Object({ id: Uuid, roundId: Uuid });
export const MatchParams = Type.Object({ id: Uuid, matchId: Uuid });

export const OpenBody = Type.Object({
  courts: Type.Integer({ minimum: 1, maximum: 20 }),
  format: Format,
  scoreRule: ScoreRule,
  pace: Type.Optional(Pace),
  winnerStaysCap: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 10, description: 'WINNER_STAYS: the most games in a row a winning side stays on (default 2)' }),
  ),
});

export const SwapBody = Type.Object({
  out: Type.String({ format: 'uuid', description: 'A player of the proposal' }),
  in: Type.String({ format: 'uuid', description: 'A player resting in the proposal, or one on another court of it (they change places)' }),
});

export const ScoreBody = Type.Object({ a: Type.Integer({ minimum: 0, maximum: 99 }), b: Type.Integer({ minimum: 0, maximum: 99 }) });

const PlayerRef = Type.Object({ userId: Uuid, name: Nullable(Type.String()) });

export const Match = Type.Object({
  id: Uuid,
  round: Type.Integer(),
  court: Type.Integer(),
  status: Type.Union([Type.Literal('PROPOSED'), Type.Literal('PLAYING'), Type.Literal('DONE')]),
  sideA: Type.Array(PlayerRef),
  sideB: Type.Array(PlayerRef),
  reason: Type.String({ description: 'Why the rotation chose these players, for the hosts' }),
  score: Nullable(
    Type.Object({
      a: Type.Integer(),
      b: Type.Integer(),
      state: ScoreState,
      enteredBy: Uuid,
      changes: Type.Array(Type.Object({ action: ScoreState, a: Nullable(Type.Integer()), b: Nullable(Type.Integer()), by: Uuid, at: Instant }), {
        description: 'Every change of the score, oldest first',
      }),
    }),
  ),
  startedAt: Nullable(Instant),
  endedAt: Nullable(Instant),
  viewer: Type.Object({
    mayAnswer: Type.Boolean({
      description: 'Whether the caller may confirm or dispute the entered score now (a player of the other side from whoever entered it)',
    }),
  }),
});

export const Proposal = Type.Object({
  roundId: Uuid,
  number: Type.Integer(),
  status: Type.Union([Type.Literal('PROPOSED'), Type.Literal('STARTED')]),
  matches: Type.Array(Match),
  resting: Type.Array(PlayerRef, { description: 'Who sits this round out, longest-waiting first' }),
  costs: Type.Array(Type.String(), { description: 'What the last swap costs against the rotation’s promises (empty: nothing)' }),
});

export const BoardPlayer = Type.Object({
  userId: Uuid,
  name: Nullable(Type.String()),
  state: Type.Union([Type.Literal('PLAYING'), Type.Literal('NEXT'), Type.Literal('RESTING'), Type.Literal('LEFT')]),
  court: Nullable(Type.Integer({ description: 'PLAYING or NEXT: the court' })),
  played: Type.Integer(),
  wins: Type.Integer(),
  restingSince: Nullable(Instant),
  rating: SharedRating,
  guestOf: Type.Optional(
    Type.String({ format: 'uuid', description: 'A guest (no account): the player who brought them. Their userId is derived, stable for the session' }),
  ),
});

export const LeaveBody = Type.Object({
  guestId: Type.Optional(
    Type.String({ format: 'uuid', description: "A guest's id (players[].userId): that guest is leaving, said by their player or a host" }),
  ),
});

export const SummaryLine = Type.Object({
  userId: Uuid,
  name: Nullable(Type.String()),
  games: Type.Integer(),
  wins: Type.Integer(),
  partners: Type.Array(PlayerRef),
});

export const Board = Type.Object({
  gameId: Uuid,
  viewer: Type.Object({ userId: Uuid, host: Type.Boolean(), checkedIn: Type.Boolean(), left: Type.Boolean() }),
  session: Nullable(
    Type.Object({
      format: Format,
      courts: Type.Integer(),
      scoreRule: ScoreRule,
      pace: Pace,
      winnerStaysCap: Type.Integer(),
      openedAt: Instant,
      closedAt: Nullable(Instant),
    }),
    { description: 'null: game day is not open yet' },
  ),
  courts: Type.Array(Type.Object({ court: Type.Integer(), match: Nullable(Match) }), { description: 'The match played on each court now' }),
  proposal: Nullable(Proposal),
  players: Type.Array(BoardPlayer),
  results: Type.Array(Match, { description: 'Matches played, newest first' }),
  summary: Nullable(Type.Array(SummaryLine), { description: 'Once closed: games, wins and partners per player' }),
});
