import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/index.ts';
import { NotificationsRepository } from './notifications.repository.ts';

/** The named events the stream carries besides notifications (docs/notifications.md lists their payloads). */
export type StreamEventName = 'chat.message' | 'chat.deleted' | 'chat.changed' | 'game-day.board';

export interface StreamEvent {
  name: StreamEventName;
  gameId: string;
  /** Each recipient's own payload (a message says `mine` to its author only). */
  recipients: Array<{ userId: string; payload: object }>;
}

/**
 * Live events about a game for the people in it, over the notification stream: written in the
 * caller's transaction (they exist exactly when the change committed) for each recipient, so a
 * stream resumes them from Last-Event-ID on any instance as it does notifications.
 */
export class StreamEvents {
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  publish(event: StreamEvent, executor: Executor): Promise<void> {
    const recipients = [...new Map(event.recipients.map((r) => [r.userId, r])).values()];
    return new NotificationsRepository(executor).writeStreamEvents({ event: event.name, gameId: event.gameId, createdAt: this.#clock.now(), recipients });
  }
}
