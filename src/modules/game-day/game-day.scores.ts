import type { AuditActor, AuditTrail } from '../audit/index.ts';
import { changeBoard, type GameDayDeps, hostOf, namesOf, openDay, roleIn } from './game-day.context.ts';
import { alreadyEntered, badScore, matchNotFound, notDisputed, nothingToAnswer, notOnCourt, notOpen, notOtherSide } from './game-day.errors.ts';
import { isGuest, playsOn } from './game-day.guests.ts';
import { presentMatch } from './game-day.presenter.ts';
import { GameDayRepository, type GameDayRow, type MatchRow } from './game-day.repository.ts';
import type { Executor } from '../../platform/db/index.ts';
import { mayAnswer, scoreFits, skillKind, winnerOf } from './game-day.rules.ts';

interface Score {
  a: number;
  b: number;
}

/** A host settling a disputed score is recorded in the audit trail. */
export interface GameDayScoresDeps extends GameDayDeps {
  audit: AuditTrail;
}

/** Scores: entered once by a player on the court or a host, answered by the other side, settled by a host; every change kept. */
export class GameDayScores {
  readonly #deps: GameDayScoresDeps;

  constructor(deps: GameDayScoresDeps) {
    this.#deps = deps;
  }

  /** Two people entering the same match at once: the conditional update lets one through, the other gets 409. */
  async enter(userId: string, gameId: string, matchId: string, score: Score) {
    const { db, clock } = this.#deps;
    const standing = await roleIn(this.#deps, gameId, userId);
    const day = await openDay(db, gameId);
    const match = await this.#match(gameId, matchId);
    if (!standing.host && !playsOn(gameId, match.sideA, userId) && !playsOn(gameId, match.sideB, userId)) throw notOnCourt();
    if (!scoreFits(day.scoreRule, score.a, score.b)) throw badScore();
    const now = clock.now();
    const row = await changeBoard(this.#deps, gameId, async (tx) => {
      const repository = new GameDayRepository(tx);
      const entered = await repository.enter(matchId, score.a, score.b, userId, now);
      if (entered) await repository.record({ matchId, action: 'ENTERED', scoreA: score.a, scoreB: score.b, byUser: userId, at: now });
      return entered;
    });
    if (!row) throw alreadyEntered();
    return this.#present(gameId, row, userId);
  }

  /** The other side of whoever entered the score (both sides when a host off the court entered it) confirms or disputes. */
  async answer(userId: string, gameId: string, matchId: string, answer: 'CONFIRMED' | 'DISPUTED') {
    const { clock } = this.#deps;
    const { game } = await roleIn(this.#deps, gameId, userId);
    const day = await this.#day(gameId);
    const match = await this.#match(gameId, matchId);
    if (match.scoreState !== 'ENTERED') throw nothingToAnswer();
    // The board's `viewer.mayAnswer` is the same rule: the app offers the answer exactly where this accepts it.
    if (!mayAnswer(match, userId)) throw notOtherSide();
    const now = clock.now();
    const row = await changeBoard(this.#deps, gameId, async (tx) => {
      const repository = new GameDayRepository(tx);
      const answered = await repository.answer(matchId, 'ENTERED', answer);
      if (answered) await repository.record({ matchId, action: answer, scoreA: answered.scoreA, scoreB: answered.scoreB, byUser: userId, at: now });
      if (answered && answer === 'CONFIRMED') await this.#learn(answered, day, game.activityId, tx);
      return answered;
    });
    if (!row) throw nothingToAnswer();
    return this.#present(gameId, row, userId);
  }

  /** A host's decision on a disputed score: the score they set stands. */
  async settle(userId: string, gameId: string, matchId: string, score: Score, trail: AuditActor) {
    const { clock, audit } = this.#deps;
    const { game } = await hostOf(this.#deps, gameId, userId);
    const day = await this.#day(gameId);
    // A disputed score changes only by settling (the update's condition), so this is the score it replaces.
    const disputed = await this.#match(gameId, matchId);
    if (!scoreFits(day.scoreRule, score.a, score.b)) throw badScore();
    const now = clock.now();
    const row = await changeBoard(this.#deps, gameId, async (tx) => {
      const repository = new GameDayRepository(tx);
      const settled = await repository.answer(matchId, 'DISPUTED', 'SETTLED', score);
      if (!settled) return settled;
      await repository.record({ matchId, action: 'SETTLED', scoreA: score.a, scoreB: score.b, byUser: userId, at: now });
      const changes = {
        score: { before: { matchId, state: 'DISPUTED', a: disputed.scoreA, b: disputed.scoreB }, after: { matchId, state: 'SETTLED', a: score.a, b: score.b } },
      };
      await audit.record(tx, { ...trail, action: 'game.score-dispute.settled', objectType: 'game', objectId: gameId, changes });
      await this.#learn(settled, day, game.activityId, tx);
      return settled;
    });
    if (!row) throw notDisputed();
    return this.#present(gameId, row, userId);
  }

  /**
   * A final result moves the players' ratings, in the transaction that made it final (skill counts each
   * match once). Not with a guest in it: a guest has no rating, and one guessed would move the others' by chance.
   */
  async #learn(match: MatchRow, day: GameDayRow, activityId: string, tx: Executor) {
    if ([...match.sideA, ...match.sideB].some(isGuest)) return;
    const result = { matchId: match.id, gameId: match.gameId, activityId, kind: skillKind(day.format), sideA: match.sideA, sideB: match.sideB };
    await this.#deps.skill.recordResult({ ...result, winner: winnerOf(match.scoreA!, match.scoreB!) }, tx);
  }

  /** Scores are answered and settled after closing too: only a session that never opened refuses. */
  async #day(gameId: string): Promise<GameDayRow> {
    const day = await new GameDayRepository(this.#deps.db).find(gameId);
    if (!day) throw notOpen();
    return day;
  }

  async #match(gameId: string, matchId: string): Promise<MatchRow> {
    const match = await new GameDayRepository(this.#deps.db).match(gameId, matchId);
    if (!match) throw matchNotFound();
    return match;
  }

  async #present(gameId: string, row: MatchRow, viewerId: string) {
    const repository = new GameDayRepository(this.#deps.db);
    const round = (await repository.rounds(gameId)).find((r) => r.id === row.roundId);
    const names = await namesOf(this.#deps, gameId, [...row.sideA, ...row.sideB]);
    return presentMatch(row, round?.number ?? 0, names, await repository.changes([row.id]), viewerId);
  }
}
