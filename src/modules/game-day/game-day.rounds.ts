import { isUniqueViolation } from '../../platform/db/index.ts';
import { changeBoard, type GameDayDeps, hostOf, openDay, sessionRows } from './game-day.context.ts';
import { alreadyStarted, noFreeCourt, notEnoughPlayers, roundNotFound, swapNotPossible } from './game-day.errors.ts';
import { freeCourts, rotationInput } from './game-day.input.ts';
import { presentProposal } from './game-day.presenter.ts';
import { GameDayRepository, type MatchRow, type NewMatch, type RoundRow } from './game-day.repository.ts';
import { proposeRound, swapCost } from './rotation/index.ts';
import type { RotationProposal, Swap } from './rotation/rotation.types.ts';

/** The constraints that make a second proposal (or a second match on a court) fail instead of being written. */
const ONE_AT_A_TIME = ['game_day_rounds_one_proposal', 'game_day_rounds_number', 'game_day_matches_one_per_court'];

const toRows = (proposal: RotationProposal): NewMatch[] =>
  proposal.matches.map((match) => ({ court: match.court, sideA: match.sides[0], sideB: match.sides[1], reason: match.reason }));

/** The proposal with two players exchanged: `in` takes `out`'s place, and `out` takes `in`'s (resting or on a court). */
function applySwap(proposal: RotationProposal, swap: Swap): RotationProposal {
  const swapped = (id: string) => (id === swap.out ? swap.in : id === swap.in ? swap.out : id);
  return {
    matches: proposal.matches.map((match) => ({ ...match, sides: [match.sides[0].map(swapped), match.sides[1].map(swapped)] })),
    resting: proposal.resting.map(swapped),
  };
}

/** Rounds: proposed by the rotation from what the database says, swapped by a host, started once. */
export class GameDayRounds {
  readonly #deps: GameDayDeps;

  constructor(deps: GameDayDeps) {
    this.#deps = deps;
  }

  /**
   * The next round for every free court (per court: the first free one). When a proposal is open
   * already, or another host's request wins the race, the answer is that proposal: one at a time.
   */
  async propose(userId: string, gameId: string) {
    const { db, clock } = this.#deps;
    const { game } = await hostOf(this.#deps, gameId, userId);
    const day = await openDay(db, gameId);
    const repository = new GameDayRepository(db);
    const rows = await sessionRows(this.#deps, day, game.activityId);
    const open = rows.rounds.find((round) => round.status === 'PROPOSED');
    if (open) return presentProposal(open, rows.matches, rows.names, userId);
    const free = freeCourts(day, rows.matches);
    if (free.length === 0) throw noFreeCourt();
    const now = clock.now();
    const number = (rows.rounds.at(-1)?.number ?? 0) + 1;
    const proposal = proposeRound(rotationInput(rows, day.pace === 'COURT' ? free.slice(0, 1) : free, now, number));
    if (proposal.matches.length === 0) throw notEnoughPlayers();
    try {
      await changeBoard(this.#deps, gameId, (tx) =>
        new GameDayRepository(tx).propose({ gameId, resting: proposal.resting, proposedBy: userId, proposedAt: now }, toRows(proposal)),
      );
    } catch (error) {
      if (!ONE_AT_A_TIME.some((constraint) => isUniqueViolation(error, constraint))) throw error;
    }
    const [round] = (await repository.rounds(gameId)).filter((r) => r.status === 'PROPOSED');
    if (!round) throw alreadyStarted();
    return presentProposal(round, await repository.matches(gameId), rows.names, userId);
  }

  /** A host's swap is never refused for what it costs: the answer says it (the rotation's swapCost). */
  async swap(userId: string, gameId: string, roundId: string, swap: Swap) {
    const { db, clock } = this.#deps;
    const { game } = await hostOf(this.#deps, gameId, userId);
    const day = await openDay(db, gameId);
    const round = await this.#proposed(gameId, roundId);
    const rows = await sessionRows(this.#deps, day, game.activityId);
    const current = asProposal(round, rows.matches);
    const placed = new Set([...current.resting, ...current.matches.flatMap((match) => match.sides.flat())]);
    const onAMatch = current.matches.some((match) => match.sides.flat().includes(swap.out));
    if (swap.out === swap.in || !onAMatch || !placed.has(swap.in)) throw swapNotPossible();
    const courts = current.matches.map((match) => match.court);
    const { costs } = swapCost(rotationInput(rows, courts, clock.now(), round.number), current, swap);
    const next = applySwap(current, swap);
    const written = await changeBoard(this.#deps, gameId, (tx) => new GameDayRepository(tx).rewrite(roundId, next.resting, toRows(next)));
    if (!written) throw alreadyStarted();
    const repository = new GameDayRepository(db);
    return presentProposal((await repository.round(gameId, roundId))!, await repository.matches(gameId), rows.names, userId, costs);
  }

  /** Starts the proposal once: a second start (or one that lost the race) is 409. */
  async start(userId: string, gameId: string, roundId: string) {
    const { db, clock } = this.#deps;
    await hostOf(this.#deps, gameId, userId);
    const day = await openDay(db, gameId);
    await this.#proposed(gameId, roundId);
    const started = await changeBoard(this.#deps, gameId, (tx) => new GameDayRepository(tx).start(gameId, roundId, clock.now()));
    if (!started) throw alreadyStarted();
    const rows = await sessionRows(this.#deps, day);
    return presentProposal(started, rows.matches, rows.names, userId);
  }

  async #proposed(gameId: string, roundId: string): Promise<RoundRow> {
    const round = await new GameDayRepository(this.#deps.db).round(gameId, roundId);
    if (!round) throw roundNotFound();
    if (round.status !== 'PROPOSED') throw alreadyStarted();
    return round;
  }
}

function asProposal(round: RoundRow, matches: MatchRow[]): RotationProposal {
  return {
    matches: matches
      .filter((match) => match.roundId === round.id)
      .map((match) => ({ court: match.court, sides: [match.sideA, match.sideB], reason: match.reason })),
    resting: round.resting,
  };
}
