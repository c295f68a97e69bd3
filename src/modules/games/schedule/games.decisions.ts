import type { Executor } from '../../../platform/db/index.ts';
import type { GameEvents } from '../games.ports.ts';
import type { GameRow, GamesRepository } from '../games.repository.ts';
import { announce } from '../games.writes.ts';

/** The decision job acts for nobody: an actor id no user has, so every recipient is told. */
export const SYSTEM_ACTOR = '00000000-0000-0000-0000-000000000000';

/**
 * Game on: the flag is set and the decision recorded, so the job leaves the game alone. The active
 * players and the organiser hear it (the one who confirmed excepted). Runs under the game's row lock.
 */
export async function confirmGame(repository: GamesRepository, events: GameEvents, tx: Executor, game: GameRow, actorId: string, now: Date): Promise<void> {
  await repository.update(game.id, { confirmed: true, decidedAt: now }, now);
  const players = await repository.participantsOf(game.id);
  const recipients = [game.organizerId, ...players.filter((p) => p.status === 'ACTIVE').map((p) => p.userId)];
  await announce(events, tx, { type: 'GAME_CONFIRMED', gameId: game.id, actorId, recipients, title: game.title });
}

/**
 * Too few players at the decision: the game is cancelled with its reason and everyone in it, the
 * waitlist too, is released and told, as is the organiser. Under the row lock, so no join slips in.
 */
export async function callOff(repository: GamesRepository, events: GameEvents, tx: Executor, game: GameRow, now: Date): Promise<void> {
  await repository.update(game.id, { status: 'CANCELLED', cancelReason: 'NOT_ENOUGH_PLAYERS', decidedAt: now }, now);
  const released = await repository.releaseAll(game.id);
  await announce(events, tx, {
    type: 'GAME_NOT_ENOUGH_PLAYERS',
    gameId: game.id,
    actorId: SYSTEM_ACTOR,
    recipients: [game.organizerId, ...released],
    title: game.title,
  });
}

/** The job's step for one game, in its own transaction: decides it unless someone already has. Answers whether it did. */
export async function decide(repository: GamesRepository, events: GameEvents, tx: Executor, gameId: string, now: Date): Promise<boolean> {
  const game = await repository.lock(gameId);
  if (!game || game.minPlayers === null || game.decidedAt !== null || game.status !== 'SCHEDULED') return false;
  if (game.playersJoined >= game.minPlayers) await confirmGame(repository, events, tx, game, SYSTEM_ACTOR, now);
  else await callOff(repository, events, tx, game, now);
  return true;
}
