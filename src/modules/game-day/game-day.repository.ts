import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Repository } from '../../platform/db/index.ts';
import { gameDayLeavers, gameDayMatches, gameDayRounds, gameDays, gameDayScoreChanges, type ScoreState } from './game-day.table.ts';

export type GameDayRow = typeof gameDays.$inferSelect;
export type RoundRow = typeof gameDayRounds.$inferSelect;
export type MatchRow = typeof gameDayMatches.$inferSelect;
export type ScoreChangeRow = typeof gameDayScoreChanges.$inferSelect;
export type LeaverRow = typeof gameDayLeavers.$inferSelect;

export interface NewMatch {
  court: number;
  sideA: string[];
  sideB: string[];
  reason: string;
}

/** Game day's rows: SQL only. The state changes are conditional updates, so two callers never both win. */
export class GameDayRepository extends Repository {
  /** The new session, or undefined when the game has one already. */
  open(values: typeof gameDays.$inferInsert): Promise<GameDayRow | undefined> {
    return this.insertedIfNew(gameDays, values);
  }

  find(gameId: string): Promise<GameDayRow | undefined> {
    return this.first(gameDays, eq(gameDays.gameId, gameId));
  }

  async close(gameId: string, now: Date): Promise<GameDayRow | undefined> {
    const [row] = await this.db
      .update(gameDays)
      .set({ closedAt: now })
      .where(and(eq(gameDays.gameId, gameId), isNull(gameDays.closedAt)))
      .returning();
    return row;
  }

  async leave(gameId: string, userId: string, now: Date): Promise<void> {
    await this.insertedIfNew(gameDayLeavers, { gameId, userId, leftAt: now });
  }

  leavers(gameId: string): Promise<LeaverRow[]> {
    return this.db.select().from(gameDayLeavers).where(eq(gameDayLeavers.gameId, gameId));
  }

  rounds(gameId: string): Promise<RoundRow[]> {
    return this.db.select().from(gameDayRounds).where(eq(gameDayRounds.gameId, gameId)).orderBy(asc(gameDayRounds.number));
  }

  matches(gameId: string): Promise<MatchRow[]> {
    return this.db.select().from(gameDayMatches).where(eq(gameDayMatches.gameId, gameId)).orderBy(asc(gameDayMatches.startedAt), asc(gameDayMatches.court));
  }

  match(gameId: string, matchId: string): Promise<MatchRow | undefined> {
    return this.first(gameDayMatches, and(eq(gameDayMatches.gameId, gameId), eq(gameDayMatches.id, matchId)));
  }

  /**
   * The round and its matches. The partial unique indexes refuse a second open proposal of the game
   * and a second live match on a court: the caller's transaction fails instead.
   */
  async propose(round: { gameId: string; resting: string[]; proposedBy: string; proposedAt: Date }, matches: NewMatch[]): Promise<RoundRow> {
    const [row] = await this.db
      .insert(gameDayRounds)
      .values({
        ...round,
        status: 'PROPOSED',
        number: sql`(SELECT coalesce(max(${gameDayRounds.number}), 0) + 1 FROM ${gameDayRounds} WHERE ${gameDayRounds.gameId} = ${round.gameId})`,
      })
      .returning();
    if (matches.length > 0)
      await this.db.insert(gameDayMatches).values(matches.map((match) => ({ ...match, roundId: row!.id, gameId: round.gameId, status: 'PROPOSED' as const })));
    return row!;
  }

  /** A swap rewrites the proposal in place, while it is still a proposal: false once started. */
  async rewrite(roundId: string, resting: string[], matches: NewMatch[]): Promise<boolean> {
    const [round] = await this.db
      .update(gameDayRounds)
      .set({ resting })
      .where(and(eq(gameDayRounds.id, roundId), eq(gameDayRounds.status, 'PROPOSED')))
      .returning({ id: gameDayRounds.id });
    if (!round) return false;
    for (const match of matches)
      await this.db
        .update(gameDayMatches)
        .set({ sideA: match.sideA, sideB: match.sideB, reason: match.reason })
        .where(and(eq(gameDayMatches.roundId, roundId), eq(gameDayMatches.court, match.court)));
    return true;
  }

  /** Starts a proposed round once: undefined when it was started already (or is not this game's). */
  async start(gameId: string, roundId: string, now: Date): Promise<RoundRow | undefined> {
    const [round] = await this.db
      .update(gameDayRounds)
      .set({ status: 'STARTED', startedAt: now })
      .where(and(eq(gameDayRounds.id, roundId), eq(gameDayRounds.gameId, gameId), eq(gameDayRounds.status, 'PROPOSED')))
      .returning();
    if (round) await this.db.update(gameDayMatches).set({ status: 'PLAYING', startedAt: now }).where(eq(gameDayMatches.roundId, roundId));
    return round;
  }

  round(gameId: string, roundId: string): Promise<RoundRow | undefined> {
    return this.first(gameDayRounds, and(eq(gameDayRounds.gameId, gameId), eq(gameDayRounds.id, roundId)));
  }

  /** The first score of a match being played; it frees the court. Undefined when someone entered one first. */
  async enter(matchId: string, scoreA: number, scoreB: number, by: string, now: Date): Promise<MatchRow | undefined> {
    const [row] = await this.db
      .update(gameDayMatches)
      .set({ scoreA, scoreB, scoreState: 'ENTERED', scoreEnteredBy: by, status: 'DONE', endedAt: now })
      .where(and(eq(gameDayMatches.id, matchId), eq(gameDayMatches.status, 'PLAYING'), isNull(gameDayMatches.scoreState)))
      .returning();
    return row;
  }

  /** Moves the score from one state to the next, only from `from`; the score itself too when given. */
  async answer(matchId: string, from: ScoreState, to: ScoreState, score?: { a: number; b: number }): Promise<MatchRow | undefined> {
    const [row] = await this.db
      .update(gameDayMatches)
      .set({ scoreState: to, ...(score ? { scoreA: score.a, scoreB: score.b } : {}) })
      .where(and(eq(gameDayMatches.id, matchId), eq(gameDayMatches.scoreState, from)))
      .returning();
    return row;
  }

  async record(change: typeof gameDayScoreChanges.$inferInsert): Promise<void> {
    await this.db.insert(gameDayScoreChanges).values(change);
  }

  changes(matchIds: string[]): Promise<ScoreChangeRow[]> {
    if (matchIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(gameDayScoreChanges)
      .where(inArray(gameDayScoreChanges.matchId, matchIds))
      .orderBy(asc(gameDayScoreChanges.matchId), asc(gameDayScoreChanges.seq));
  }

  /** The game is gone for good: its session goes with it (rounds, matches and changes cascade). */
  async forgetGame(gameId: string): Promise<void> {
    await this.db.delete(gameDays).where(eq(gameDays.gameId, gameId));
  }
}
