import type { Static } from 'typebox';
import type { Executor } from '../../platform/db/index.ts';
import { changeBoard, type GameDayDeps, hostOf, openDay, roleIn, sessionRows } from './game-day.context.ts';
import { alreadyOpen, closed, guestNotFound, notCheckedIn, notOpen, notYourGuest, windowClosed } from './game-day.errors.ts';
import { bringerOf, isGuest } from './game-day.guests.ts';
import { playedIn, presentPlayers } from './game-day.input.ts';
import { presentBoard } from './game-day.presenter.ts';
import { GameDayRepository } from './game-day.repository.ts';
import { openingWindow } from './game-day.rules.ts';
import type { OpenBody } from './game-day.schemas.ts';

/** The session around the rounds: opening it, the board, a player leaving, closing it. */
export class GameDayService {
  readonly #deps: GameDayDeps;

  constructor(deps: GameDayDeps) {
    this.#deps = deps;
  }

  async open(userId: string, gameId: string, body: Static<typeof OpenBody>) {
    const { game } = await hostOf(this.#deps, gameId, userId);
    const now = this.#deps.clock.now();
    if (!openingWindow(game, now)) throw windowClosed();
    const opened = await changeBoard(this.#deps, gameId, (tx) =>
      new GameDayRepository(tx).open({
        gameId,
        format: body.format,
        courts: body.courts,
        scoreRule: body.scoreRule,
        pace: body.pace ?? 'ROUND',
        winnerStaysCap: body.winnerStaysCap ?? 2,
        openedBy: userId,
        openedAt: now,
      }),
    );
    if (!opened) throw alreadyOpen();
    return this.board(userId, gameId);
  }

  /** Hosts and players with a place see the board; before opening it says so (session null). */
  async board(userId: string, gameId: string) {
    const standing = await roleIn(this.#deps, gameId, userId);
    const repository = new GameDayRepository(this.#deps.db);
    const day = await repository.find(gameId);
    const viewer = { userId, host: standing.host };
    if (!day) return presentBoard(undefined, gameId, viewer, []);
    const rows = await sessionRows(this.#deps, day, standing.game.activityId);
    const changes = await repository.changes(rows.matches.filter((match) => match.scoreState !== null).map((match) => match.id));
    return presentBoard(rows, gameId, viewer, changes);
  }

  /**
   * "I'm leaving": out of the next rounds; a match being played is finished as usual. A guest cannot
   * sign in, so their player (or a host) says it for them; a player leaving leaves their guests playing.
   */
  async leave(userId: string, gameId: string, guestId?: string) {
    const standing = await roleIn(this.#deps, gameId, userId);
    const day = await openDay(this.#deps.db, gameId);
    const rows = await sessionRows(this.#deps, day);
    const leaving = guestId ?? userId;
    if (guestId) {
      const guest = bringerOf(gameId, guestId, rows.parties);
      if (!guest) throw guestNotFound();
      if (guest.guestOf !== userId && !standing.host) throw notYourGuest();
    }
    if (!presentPlayers(rows).some((player) => player.userId === leaving)) throw notCheckedIn();
    await new GameDayRepository(this.#deps.db).leave(gameId, leaving, this.#deps.clock.now());
    await this.#deps.boardChanged(gameId);
    return this.board(userId, gameId);
  }

  /**
   * Closes the session once: the conditional update lets one close through (another instance's, or a
   * second host's at the same moment, gets 409), and in the same transaction who played is marked
   * ATTENDED and told, so the marks and the notification happen once too.
   */
  async close(userId: string, gameId: string) {
    const { db, clock, attendance, events } = this.#deps;
    const { game } = await hostOf(this.#deps, gameId, userId);
    const now = clock.now();
    const closedNow = await changeBoard(this.#deps, gameId, async (tx) => {
      const repository = new GameDayRepository(tx);
      if (!(await repository.close(gameId, now))) return false;
      // Guests have no account: nothing to mark, nobody to tell.
      const played = playedIn(await repository.matches(gameId)).filter((id) => !isGuest(id));
      await attendance.markPlayed(game, played, userId, now, tx);
      if (played.length > 0) await events.emit({ type: 'GAME_DAY_SUMMARY', gameId, recipients: played, title: game.title }, tx);
      return true;
    });
    if (!closedNow) throw (await new GameDayRepository(db).find(gameId)) ? closed() : notOpen();
    return this.board(userId, gameId);
  }

  /** The game is gone for good. */
  forgetGame(gameId: string, executor: Executor) {
    return new GameDayRepository(executor).forgetGame(gameId);
  }
}
