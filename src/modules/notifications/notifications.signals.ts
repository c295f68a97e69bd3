import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../platform/db/index.ts';
import { SIGNAL_CHANNEL } from './notifications.repository.ts';

/**
 * Receives the database's NOTIFY signals (the payload is a recipient's user id). Producers send
 * them inside their transaction (NotificationsRepository.signal), so a signal means "committed
 * rows are waiting" on every instance that shares the database. `null` means the listening
 * connection was lost and is back: anything may have been missed, so everyone should look again.
 */
export interface SignalListener {
  subscribe(handler: (userId: string | null) => void): void;
  close(): Promise<void>;
}

/** Listens on the database's signal channel; one listener per instance fans out to its subscribers. */
export async function listenForSignals(database: DatabaseHandle, log: FastifyBaseLogger): Promise<SignalListener> {
  const handlers: Array<(userId: string | null) => void> = [];
  const unlisten = await database.listen(
    SIGNAL_CHANNEL,
    (userId) => {
      for (const handler of handlers) handler(userId);
    },
    log,
  );
  return {
    subscribe: (handler) => {
      handlers.push(handler);
    },
    close: unlisten,
  };
}
