import type { ServerResponse } from 'node:http';
import { eventId, type Position } from './notifications.position.ts';
import { presentNotification } from './notifications.presenter.ts';
import type { NotificationRow } from './notifications.repository.ts';
import type { ReadingStream, StreamReadResult, StreamReads } from './notifications.stream-reads.ts';

/** A row held back behind a running transaction (or a failed read) is looked for again after this, then doubling, up to a second. */
const RETRY_MS = 25;
const MAX_RETRY_MS = 1000;

/**
 * A notification is the default (unnamed) event, as before stream events existed; a stream event
 * (drizzle/0028) is named, so a client that only listens for notifications never sees one.
 */
function frame(row: NotificationRow): string {
  if (row.streamEvent) return `event: ${row.streamEvent}\ndata: ${JSON.stringify(row.payload)}`;
  return `data: ${JSON.stringify(presentNotification(row))}`;
}

/** One open stream: where it stands, and its response. Its reads go through the instance's shared StreamReads. */
export class StreamConnection implements ReadingStream {
  readonly userId: string;
  readonly expiresAt: Date;
  readonly #response: ServerResponse;
  readonly #reads: StreamReads;
  #last: Position;
  #open = true;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #retryMs = RETRY_MS;

  constructor(userId: string, response: ServerResponse, last: Position, expiresAt: Date, reads: StreamReads) {
    this.userId = userId;
    this.expiresAt = expiresAt;
    this.#response = response;
    this.#last = last;
    this.#reads = reads;
  }

  get position(): Position {
    return this.#last;
  }

  get isOpen(): boolean {
    return this.#open;
  }

  write(chunk: string): void {
    if (this.#open && !this.#response.writableEnded && !this.#response.destroyed) this.#response.write(chunk);
  }

  /** Sends what is new (in the next shared read): signals may be duplicated or coalesced, nothing goes out twice. */
  pump(): void {
    if (this.#open) this.#reads.want(this);
  }

  deliver({ rows, heldBack }: StreamReadResult, limit: number): boolean {
    for (const row of rows) {
      this.#last = { txid: row.txid, seq: row.seq };
      this.write(`id: ${eventId(this.#last)}\n${frame(row)}\n\n`);
    }
    if (heldBack) {
      this.#retryLater();
      return false;
    }
    this.#retryMs = RETRY_MS;
    return rows.length >= limit;
  }

  failed(): void {
    this.#retryLater();
  }

  /**
   * A newer row waits behind an older transaction that is still running (its own commit will
   * signal, but an unrelated one will not), or the read failed: look again shortly.
   */
  #retryLater(): void {
    if (this.#retry || !this.#open) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.pump();
    }, this.#retryMs);
    this.#retry.unref();
    this.#retryMs = Math.min(MAX_RETRY_MS, this.#retryMs * 2);
  }

  stop(): void {
    this.#open = false;
    if (this.#retry) clearTimeout(this.#retry);
  }

  end(): void {
    this.stop();
    if (!this.#response.writableEnded) this.#response.end();
  }
}
