import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { AuditActor, AuditTrail } from '../audit/index.ts';
import type { AttendanceEvents, AttendanceGames, AttendanceUsers } from './attendance.ports.ts';
import { presentDispute } from './attendance.presenter.ts';
import { AttendanceRepository } from './attendance.repository.ts';
import { DISPUTE_DAYS, disputableSince } from './attendance.rules.ts';

/** How many open disputes the admin queue shows at once: settling them brings up the next. */
export const DISPUTE_QUEUE_SIZE = 100;

const noSuchDispute = () => notFound('There is no open dispute of that mark.', 'dispute_not_found');

export interface DisputesDeps {
  db: Database;
  clock: Clock;
  users: AttendanceUsers;
  games: Pick<AttendanceGames, 'standing'>;
  events: AttendanceEvents;
  audit: AuditTrail;
}

/** A player disputes a NO_SHOW; until an admin upholds it, it counts towards no gate. */
export class DisputesService {
  readonly #deps: DisputesDeps;

  constructor(deps: DisputesDeps) {
    this.#deps = deps;
  }

  /** One statement decides (the repository's conditional update); a refusal reads the row only to say why. */
  async dispute(userId: string, gameId: string, reason: string | undefined) {
    const { db, clock } = this.#deps;
    const repository = new AttendanceRepository(db);
    const now = clock.now();
    const row = await repository.dispute(gameId, userId, reason?.trim() || null, now, disputableSince(now));
    if (row) return presentDispute(row);
    const mark = await repository.find(gameId, userId);
    if (mark?.status !== 'NO_SHOW' || mark.dispute === 'DISMISSED') throw notFound('You have no NO_SHOW mark in this game.', 'no_show_not_found');
    if (mark.dispute !== null) throw conflict('already_disputed', 'You have disputed this mark already.');
    throw conflict('dispute_window_closed', `A mark can be disputed within ${DISPUTE_DAYS} days of it.`);
  }

  /** The open disputes with the player's, the marker's and the game's names: what an admin decides by. */
  async queue() {
    const { db, users, games } = this.#deps;
    const rows = await new AttendanceRepository(db).openDisputes(DISPUTE_QUEUE_SIZE);
    const names = await users.namesOf(rows.flatMap((row) => [row.userId, row.markedBy]));
    // A game per distinct game in the queue (at most DISPUTE_QUEUE_SIZE), asked with one of its disputing players.
    const firstPlayer = new Map(rows.map((row) => [row.gameId, row.userId]));
    const titles = new Map(
      await Promise.all([...firstPlayer].map(async ([gameId, userId]) => [gameId, (await games.standing(gameId, userId))?.game.title ?? null] as const)),
    );
    return rows.map((row) => ({
      ...presentDispute(row),
      playerName: names.get(row.userId) ?? null,
      markedByName: names.get(row.markedBy) ?? null,
      gameTitle: titles.get(row.gameId) ?? null,
    }));
  }

  /**
   * UPHELD: the mark counts again; DISMISSED: the mark is gone (and no host can mark the game's
   * player again). The player is told which, in the decision's transaction.
   */
  async settle(adminId: string, gameId: string, userId: string, outcome: 'UPHELD' | 'DISMISSED', trail: AuditActor) {
    const { db, games, events, audit } = this.#deps;
    const title = (await games.standing(gameId, userId))?.game.title;
    const row = await db.transaction(async (tx) => {
      const settled = await new AttendanceRepository(tx).settle(gameId, userId, outcome, adminId);
      const type = outcome === 'UPHELD' ? 'NO_SHOW_UPHELD' : 'NO_SHOW_DISMISSED';
      if (!settled) return settled;
      await events.emit({ type, gameId, recipients: [userId], title }, tx);
      // Only an OPEN dispute is settled (the update's condition), so OPEN is what it was.
      const changes = { noShowDispute: { before: { userId, dispute: 'OPEN' }, after: { userId, dispute: outcome } } };
      await audit.record(tx, { ...trail, action: 'game.no-show-dispute.settled', objectType: 'game', objectId: gameId, changes });
      return settled;
    });
    if (!row) throw noSuchDispute();
    return presentDispute(row);
  }
}
