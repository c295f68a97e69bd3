/**
 * The rotation's contract: what game day hands it and what it proposes. The module behind it is pure
 * (no I/O, no clock, no randomness but the seed), so the same input always gives the same proposal.
 */
export type GameDayFormat = 'ROTATING_DOUBLES' | 'WINNER_STAYS' | 'FIXED_PAIRS' | 'SINGLES';

/** A skill estimate (Weng–Lin / openskill): mean and uncertainty. */
export interface Rating {
  mu: number;
  sigma: number;
}

/** A player who is checked in, not leaving, and not on a court now. Guests are players with their own id. */
export interface RotationPlayer {
  id: string;
  name: string;
  rating: Rating;
  /** Matches played this session. */
  played: number;
  /** Times this player sat out a round while others played. */
  satOut: number;
  /** Time (ms since the epoch) the player came off court or arrived, whichever is later: rest starts here. */
  restingSince: number;
  /** Whether the player has been present since the first round (the "games differ by at most one" promise is about them). */
  presentThroughout: boolean;
  /** FIXED_PAIRS: the id of the pair this player belongs to. */
  pairId?: string;
}

export interface PairCount {
  a: string;
  b: string;
  count: number;
}

export interface RotationInput {
  format: GameDayFormat;
  /** The court numbers free to fill now: all courts for a round, one court when per court. */
  freeCourts: number[];
  players: RotationPlayer[];
  /** How often two players have partnered, and faced each other, this session (each pair once, a < b). */
  partners: PairCount[];
  opponents: PairCount[];
  /** WINNER_STAYS: the side that won last on each court, and how many in a row it has won. */
  winners?: Array<{ court: number; side: string[]; streak: number }>;
  /** WINNER_STAYS: the most consecutive games a winning side may stay on. */
  winnerStaysCap?: number;
  /** The time now (ms), to read rest lengths; passed in, never read from a clock. */
  now: number;
  seed: number;
}

export interface ProposedMatch {
  court: number;
  /** Two sides of one (singles) or two (doubles) player ids. */
  sides: [string[], string[]];
  /** A short reason a host can read: "A and B waited longest; C–D have not partnered". */
  reason: string;
}

export interface RotationProposal {
  matches: ProposedMatch[];
  /** Players who sit out this round, longest-waiting first. */
  resting: string[];
}

/** A host's swap of one player for another before the round starts. */
export interface Swap {
  out: string;
  in: string;
}

/** What a swap costs against the promises, in words; never a refusal. */
export interface SwapCost {
  proposal: RotationProposal;
  costs: string[];
}
