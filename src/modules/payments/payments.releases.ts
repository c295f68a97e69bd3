import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import type { MoneyFacts, PaymentReminderGames } from './payments.ports.ts';
import { PaymentsRepository } from './payments.repository.ts';
import { RELEASE_HOURS, releaseDeadline } from './payments.rules.ts';

const HOUR_MS = 3_600_000;
/** No deadline is further from the start than this, so no game starting later need be looked at. */
const LOOK_AHEAD_MS = Math.max(...RELEASE_HOURS) * HOUR_MS;
/** Release rows outlive any game they are about that is still to start. */
const RETENTION_MS = 30 * 24 * HOUR_MS;

export interface PaymentReleasesDeps {
  db: Database;
  clock: Clock;
  games: PaymentReminderGames;
  /** The games module's GameParticipation.releaseUnpaid: the place goes, the player is told, the waitlist moves, in `tx`. */
  release: (gameId: string, userId: string, tx: Executor) => Promise<boolean>;
  /** The payments service's followRoster: the entries brought in line with the roster first. */
  follow: (gameId: string) => Promise<MoneyFacts>;
}

/**
 * The organiser's rule "hold a place for an unpaid player until a deadline" (the payment-releases
 * job). At the first run from the deadline until the start, every player then still DUE loses their
 * place, once: the game's payment_releases row for that deadline is claimed in the same transaction
 * (another instance finds it taken), and a player who gets a place afterwards (from the waitlist)
 * is not chased out by a later run. Each player's DUE entries become CANCELLED by a conditional
 * update, so a claim made a moment earlier keeps the place.
 */
export class PaymentReleases {
  readonly #deps: PaymentReleasesDeps;

  constructor(deps: PaymentReleasesDeps) {
    this.#deps = deps;
  }

  async releaseDue(): Promise<number> {
    const { db, clock, games } = this.#deps;
    const now = clock.now();
    const soon = await games.pricedStartingBetween(now, new Date(now.getTime() + LOOK_AHEAD_MS));
    let released = 0;
    for (const rule of await new PaymentsRepository(db).releasing(soon)) {
      const facts = await this.#deps.follow(rule.gameId);
      const deadline = releaseDeadline(facts.startTime, rule.hours)!;
      // A rule saved after its deadline takes effect from the next deadline only: no surprise release.
      if (facts.cancelled || now < deadline || now >= facts.startTime || rule.savedAt > deadline) continue;
      released += await this.#releaseGame(rule.gameId, deadline);
    }
    await new PaymentsRepository(db).purgeReleases(new Date(now.getTime() - RETENTION_MS));
    return released;
  }

  /** One transaction per game: the claim of its release and every place it frees. */
  #releaseGame(gameId: string, deadline: Date): Promise<number> {
    const { db, clock } = this.#deps;
    return db.transaction(async (tx) => {
      const repository = new PaymentsRepository(tx);
      const now = clock.now();
      if (!(await repository.recordRelease(gameId, deadline, now))) return 0;
      let released = 0;
      for (const userId of await repository.dueUsers(gameId)) {
        // The place goes only when this run cancelled what was owed for it; a place no longer held leaves the entry as the roster would.
        if ((await repository.releaseDue(gameId, userId, now)) && (await this.#deps.release(gameId, userId, tx))) released += 1;
      }
      return released;
    });
  }
}
