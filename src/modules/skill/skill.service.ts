import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { presentOwn, type Level } from './skill.presenter.ts';
import { SkillRepository, type SkillRow } from './skill.repository.ts';
import { afterMatch, START, suggestedIndex, type Estimate } from './skill.rules.ts';
import type { SkillKind } from './skill.table.ts';

/** What skill asks of activities: an activity's name and its live ladder, lowest level first. */
export interface SkillActivities {
  find(id: string): Promise<{ activity: { name: string }; levels: Level[] } | undefined>;
}

/** What skill asks of profiles: the level a player declared for an activity. */
export interface SkillProfileLevels {
  levelIn(userId: string, activityId: string): Promise<string | undefined>;
}

export interface SkillDeps {
  db: Database;
  clock: Clock;
  activities: SkillActivities;
  levels: SkillProfileLevels;
}

/** A final result of one match (confirmed, or settled by a host). */
export interface MatchResult {
  matchId: string;
  gameId: string;
  activityId: string;
  kind: SkillKind;
  sideA: string[];
  sideB: string[];
  winner: 'A' | 'B' | null;
}

/** One player's rating as others may use it: `hidden` players' ratings still balance the rotation, but are not shown. */
export interface PlayerSkill extends Estimate {
  games: number;
  hidden: boolean;
  suggestedLevel: Level | null;
}

/** How many of a rating's newest changes GET /me/ratings answers. */
export const HISTORY_LIMIT = 20;

export class SkillService {
  readonly #deps: SkillDeps;

  constructor(deps: SkillDeps) {
    this.#deps = deps;
  }

  /**
   * Moves both sides' ratings, once per match: the event row is claimed in the caller's transaction,
   * so a second confirm or settle (or a race of two) finds it taken and changes nothing.
   */
  async recordResult(result: MatchResult, tx: Executor): Promise<boolean> {
    const repository = new SkillRepository(tx);
    const now = this.#deps.clock.now();
    const { matchId, gameId, activityId, kind } = result;
    if (!(await repository.claim({ matchId, gameId, activityId, kind, ratedAt: now }))) return false;
    const rows = await repository.lockRatings([...result.sideA, ...result.sideB], activityId, kind, START, now);
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    const side = (ids: string[]) => ids.map((id) => byUser.get(id)!);
    const [newA, newB] = afterMatch(side(result.sideA), side(result.sideB), result.winner);
    const moved = [
      ...result.sideA.map((userId, i) => ({ userId, won: result.winner === null ? null : result.winner === 'A', estimate: newA[i]! })),
      ...result.sideB.map((userId, i) => ({ userId, won: result.winner === null ? null : result.winner === 'B', estimate: newB[i]! })),
    ];
    for (const { userId, estimate } of moved) await repository.write({ userId, activityId, kind, ...estimate }, now);
    await repository.record(
      moved.map(({ userId, won, estimate }) => {
        const before = byUser.get(userId)!;
        return {
          matchId,
          userId,
          activityId,
          kind,
          won,
          muBefore: before.mu,
          sigmaBefore: before.sigma,
          muAfter: estimate.mu,
          sigmaAfter: estimate.sigma,
          at: now,
        };
      }),
    );
    return true;
  }

  /** The players' ratings in one activity and kind (the starting estimate for who has none), with who hides theirs. */
  async ratingsOf(userIds: string[], activityId: string, kind: SkillKind): Promise<Map<string, PlayerSkill>> {
    const repository = new SkillRepository(this.#deps.db);
    const rows = new Map((await repository.ratingsOf(userIds, activityId, kind)).map((row) => [row.userId, row]));
    const hidden = await repository.hiddenAmong(userIds);
    const ladder = (await this.#deps.activities.find(activityId))?.levels ?? [];
    return new Map(
      userIds.map((userId) => {
        const row = rows.get(userId);
        const estimate = row ? { mu: row.mu, sigma: row.sigma } : START;
        const games = row?.games ?? 0;
        return [userId, { ...estimate, games, hidden: hidden.has(userId), suggestedLevel: suggested(ladder, estimate, games) }];
      }),
    );
  }

  /** The caller's ratings per activity and kind, each with its newest changes. */
  async mine(userId: string) {
    const repository = new SkillRepository(this.#deps.db);
    const rows = await repository.ownRatings(userId);
    const hidden = (await repository.hiddenAmong([userId])).has(userId);
    const ratings = [];
    for (const row of rows) ratings.push(await this.#own(repository, row));
    return { hidden, ratings };
  }

  async setHidden(userId: string, hidden: boolean) {
    await new SkillRepository(this.#deps.db).setHidden(userId, hidden, this.#deps.clock.now());
    return this.mine(userId);
  }

  forgetUser(userId: string, executor: Executor) {
    return new SkillRepository(executor).forgetUser(userId);
  }

  async #own(repository: SkillRepository, row: SkillRow) {
    const found = await this.#deps.activities.find(row.activityId);
    const ladder = found?.levels ?? [];
    const declaredId = await this.#deps.levels.levelIn(row.userId, row.activityId);
    const history = await repository.recentChanges(row.userId, row.activityId, row.kind, HISTORY_LIMIT);
    return presentOwn(row, {
      activityName: found?.activity.name ?? null,
      declared: ladder.find((level) => level.id === declaredId) ?? null,
      suggested: suggested(ladder, row, row.games),
      history,
    });
  }
}

function suggested(ladder: Level[], estimate: Estimate, games: number): Level | null {
  const index = suggestedIndex(estimate, games, ladder.length);
  return index === null ? null : { id: ladder[index]!.id, name: ladder[index]!.name };
}
