import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { AuditActor, AuditTrail } from '../audit/index.ts';
import type { AttendanceEvents, AttendanceGames, AttendanceUsers, BoardChanged } from './attendance.ports.ts';
import { presentAttendance, presentOwnMark, presentRecord } from './attendance.presenter.ts';
import { AttendanceRepository } from './attendance.repository.ts';
import { markingOpen, noShowFair, RECORD_DAYS, recordSince, selfCheckInOpen } from './attendance.rules.ts';

export interface AttendanceDeps {
  db: Database;
  clock: Clock;
  games: AttendanceGames;
  users: AttendanceUsers;
  events: AttendanceEvents;
  audit: AuditTrail;
  boardChanged: BoardChanged;
}

export const gameNotFound = () => notFound('The game was not found.', 'game_not_found');
const notAPlayer = () => notFound('The player was not found in this game.', 'participant_not_found');
const hostNotMarked = () => conflict('host_not_marked', "A game's hosts (organiser and co-hosts) are not marked: neither by themselves nor by each other.");

/** Who came to a game, marked by its hosts or by the players themselves, and the record it makes. */
export class AttendanceService {
  readonly #deps: AttendanceDeps;

  constructor(deps: AttendanceDeps) {
    this.#deps = deps;
  }

  /** Every player with a place and their mark (null: not marked yet); hosts only. */
  async list(hostId: string, gameId: string) {
    await this.#hosted(gameId, hostId);
    const ids = await this.#deps.games.activePlayerIds(gameId);
    const [marks, names] = await Promise.all([new AttendanceRepository(this.#deps.db).marksOf(gameId), this.#deps.users.namesOf(ids)]);
    return ids.map((id) => presentAttendance(id, names.get(id) ?? null, marks.get(id)));
  }

  /**
   * NO_SHOW only where it is fair (noShowFair), and the player is told of it (they may dispute it);
   * a disputed mark stays as it is until an admin settles it.
   */
  async mark(hostId: string, gameId: string, userId: string, status: 'ATTENDED' | 'NO_SHOW', trail: AuditActor) {
    const { db, clock, games, events, audit } = this.#deps;
    const { game } = await this.#hosted(gameId, hostId);
    const now = clock.now();
    if (!markingOpen(game, now)) throw conflict('attendance_window_closed', 'Attendance is marked from 30 minutes before the start until 12 hours after it.');
    const player = await games.standing(gameId, userId);
    if (player?.player !== 'ACTIVE' || !player.joinedAt) throw notAPlayer();
    if (player.host) throw hostNotMarked();
    if (status === 'NO_SHOW' && !noShowFair(game, player.joinedAt))
      throw conflict('no_show_not_fair', 'NO_SHOW is only for a player whose place and game did not change in the last 24 hours before the start.');
    const row = await db.transaction(async (tx) => {
      const repository = new AttendanceRepository(tx);
      const before = await repository.find(gameId, userId, 'update');
      const marked = await repository.mark({ gameId, userId, status, gameStart: game.startTime, markedBy: hostId, markedAt: now });
      if (marked?.status === 'NO_SHOW') await events.emit({ type: 'MARKED_NO_SHOW', gameId, recipients: [userId], title: game.title }, tx);
      // The same mark again (a host tapping twice) changes nothing, so it is no entry.
      if (marked && before?.status !== marked.status) {
        const changes = { attendance: { before: before ? { userId, status: before.status } : null, after: { userId, status: marked.status } } };
        await audit.record(tx, { ...trail, action: 'game.attendance.marked', objectType: 'game', objectId: gameId, changes });
      }
      return marked;
    });
    if (!row) throw conflict('mark_disputed', 'The player disputes this mark; an admin decides it.');
    await this.#deps.boardChanged(gameId);
    const names = await this.#deps.users.namesOf([userId]);
    return presentAttendance(userId, names.get(userId) ?? null, row);
  }

  /** The player's own check-in, where the game allows it; a host's mark stands. */
  async checkIn(userId: string, gameId: string) {
    const standing = await this.#deps.games.standing(gameId, userId);
    if (!standing?.visible) throw gameNotFound();
    if (standing.player !== 'ACTIVE') throw notFound('You are not a player of this game.', 'not_participant');
    if (standing.host) throw hostNotMarked();
    const { game } = standing;
    if (!game.selfCheckIn) throw conflict('self_check_in_disabled', 'This game does not let players check themselves in; a host marks attendance.');
    const now = this.#deps.clock.now();
    if (!selfCheckInOpen(game, now)) throw conflict('check_in_window_closed', 'Check-in is open from 30 minutes before to 30 minutes after the start.');
    const row = await new AttendanceRepository(this.#deps.db).checkIn({
      gameId,
      userId,
      status: 'ATTENDED',
      gameStart: game.startTime,
      markedBy: userId,
      markedAt: now,
    });
    if (row.status === 'NO_SHOW') throw conflict('marked_no_show', 'A host has marked you as a no-show; ask them to change it.');
    await this.#deps.boardChanged(gameId);
    const names = await this.#deps.users.namesOf([userId]);
    return presentAttendance(userId, names.get(userId) ?? null, row);
  }

  /** The caller's own record. */
  async ownRecord(userId: string) {
    const now = this.#deps.clock.now();
    const marks = await new AttendanceRepository(this.#deps.db).noShowMarks(userId, recordSince(now));
    return { ...(await this.#record(userId)), noShowMarks: marks.map((row) => presentOwnMark(row, now)) };
  }

  /** A player's record for a host of a game the player plays in, waits for or asked to join. */
  async recordFor(hostId: string, gameId: string, userId: string) {
    await this.#hosted(gameId, hostId);
    const player = await this.#deps.games.standing(gameId, userId);
    if (!player || (player.player === undefined && !player.requested)) throw notAPlayer();
    return this.#record(userId);
  }

  async #record(userId: string) {
    const record = await new AttendanceRepository(this.#deps.db).record(userId, recordSince(this.#deps.clock.now()));
    return presentRecord(userId, record, RECORD_DAYS);
  }

  /** The game, when the caller runs it (organiser or co-host); anyone else learns nothing: 404. */
  async #hosted(gameId: string, userId: string) {
    const standing = await this.#deps.games.standing(gameId, userId);
    if (!standing?.host) throw gameNotFound();
    return standing;
  }
}

/** The narrow part games need to judge a join: reads only attendance, so it needs nothing of games. */
export function recentNoShows(db: Database, clock: Clock): (userId: string, executor?: Executor) => Promise<number> {
  return async (userId, executor = db) => (await new AttendanceRepository(executor).record(userId, recordSince(clock.now()))).noShows;
}
