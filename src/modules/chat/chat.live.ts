import type { Executor } from '../../platform/db/index.ts';
import { presentMessage } from './chat.presenter.ts';
import type { ChatLive, ChatMember } from './chat.ports.ts';
import type { MessageRow } from './chat.repository.ts';

/**
 * The chat's live events for the members of the moment (a player who left or was removed is not
 * one, so nothing reaches them any more). Written in the change's transaction: an event exists
 * exactly when its change committed.
 */
export class ChatBroadcast {
  readonly #live: ChatLive;

  constructor(live: ChatLive) {
    this.#live = live;
  }

  /** The message as each member's page shows it (`mine`, `canDelete` are theirs). */
  message(members: ChatMember[], row: MessageRow, authorName: string | null, executor: Executor): Promise<void> {
    const recipients = members.map((member) => {
      const mine = member.userId === row.authorId;
      const message = presentMessage({ row, authorName, mine, canDelete: mine || member.host });
      return { userId: member.userId, payload: { gameId: row.gameId, message } };
    });
    return this.#live.publish({ name: 'chat.message', gameId: row.gameId, recipients }, executor);
  }

  deleted(members: ChatMember[], gameId: string, messageId: string, executor: Executor): Promise<void> {
    const recipients = members.map((member) => ({ userId: member.userId, payload: { gameId, messageId } }));
    return this.#live.publish({ name: 'chat.deleted', gameId, recipients }, executor);
  }

  /** Closed, reopened, the waitlist's right to write, the pin: the client reads the chat again. */
  changed(members: ChatMember[], gameId: string, executor: Executor): Promise<void> {
    const recipients = members.map((member) => ({ userId: member.userId, payload: { gameId } }));
    return this.#live.publish({ name: 'chat.changed', gameId, recipients }, executor);
  }
}
