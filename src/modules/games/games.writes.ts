import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { CoHostsRepository } from './co-hosts/games.co-hosts.repository.ts';
import type { GameEvents, GameEventType } from './games.ports.ts';
import { gameNotFound } from './listing/games.queries.ts';
import type { GameRow, GamesRepository } from './games.repository.ts';
import { recipientsOf } from './rules/games.rules.ts';

/** What every part that writes games needs: the database, the clock, and where changes are announced. */
export interface GameWriterDeps {
  db: Database;
  clock: Clock;
  events: GameEvents;
}

/** Who makes a change: organisers change their own games; with `ADMIN` among the roles, any game. */
export interface Actor {
  userId: string;
  roles: readonly string[];
}

/** Locks the game for a write by its organiser (or an admin); anyone else learns nothing: 404. */
export async function lockOwned(repository: GamesRepository, gameId: string, actor: Actor): Promise<GameRow> {
  const game = await repository.lock(gameId);
  if (!game || (game.organizerId !== actor.userId && !actor.roles.includes('ADMIN'))) throw gameNotFound();
  return game;
}

/** Locks the game for a write by its organiser or one of its co-hosts; anyone else learns nothing: 404. */
export async function lockManaged(repository: GamesRepository, tx: Executor, gameId: string, userId: string): Promise<GameRow> {
  const game = await repository.lock(gameId);
  if (!game) throw gameNotFound();
  if (game.organizerId !== userId && !(await new CoHostsRepository(tx).isCoHost(gameId, userId))) throw gameNotFound();
  return game;
}

/** `waitlisted` marks a PLAYER_JOINED that went onto the waitlist (its notification says so). */
export interface GameChange {
  type: GameEventType;
  gameId: string;
  actorId: string;
  recipients: string[];
  title: string | null;
  waitlisted?: boolean;
  /** A GAME_UPDATED that frees its players from the leave window until then. */
  leaveFreeUntil?: Date;
}

/** Tells the others concerned, in the change's own transaction; the one who made it is never told. */
export async function announce(events: GameEvents, executor: Executor, change: GameChange): Promise<void> {
  const recipients = recipientsOf(change.recipients, change.actorId);
  if (recipients.length) await events.emit({ ...change, recipients }, executor);
}
