import type { FastifyBaseLogger } from 'fastify';
import { describeError } from '../../platform/http/error-facts.ts';
import { Rounds } from '../../platform/rounds.ts';
import type { Position } from './notifications.position.ts';
import type { NotificationRow } from './notifications.repository.ts';

/** One stream's question: its user's rows after where it stands. */
export interface StreamRead {
  userId: string;
  position: Position;
}

/** The rows that are safe to send, in order; `heldBack`: a newer row waits behind a transaction still running. */
export interface StreamReadResult {
  rows: NotificationRow[];
  heldBack: boolean;
}

/** Answers many streams' questions in one read (NotificationsRepository.after), in their order. */
export type ReadAfter = (reads: StreamRead[], limit: number) => Promise<StreamReadResult[]>;

/** What the shared reader needs of a stream (StreamConnection). */
export interface ReadingStream {
  readonly userId: string;
  /** The last position sent. */
  readonly position: Position;
  readonly isOpen: boolean;
  /** Sends the rows; true when the page was full, so there may be more to read at once. */
  deliver(result: StreamReadResult, limit: number): boolean;
  /** The read failed (the pool was busy, the database away): look again later; nothing is skipped. */
  failed(): void;
}

export interface StreamReadOptions {
  /** Rows per stream per read. */
  limit?: number;
  /** Streams per statement. */
  chunk?: number;
  /** Statements at once: the pool (about 10 connections) also serves every other request. */
  parallel?: number;
}

const LIMIT = 100;
const CHUNK = 500;
const PARALLEL = 3;

/**
 * The reads of an instance's streams, shared. A stream that wants to look for new rows (a signal,
 * its opening, a retry) joins the next round; wakes arriving within a tick, or while a round runs,
 * are coalesced into it, and a round reads all its streams in statements of `chunk` streams each.
 * So a fan-out to 10,000 streams costs about 20 statements, not 10,000 round trips through a pool
 * of 10 (which queued for seconds and then timed out, losing the stream's wake).
 *
 * Rounds run one at a time and a round reads each stream once, so a stream never has two reads in
 * flight: rows go out in order and never twice. A stream woken during a round is read again in the
 * next one, by a read that starts after its wake.
 */
export class StreamReads {
  readonly #read: ReadAfter;
  readonly #log: FastifyBaseLogger;
  readonly #limit: number;
  readonly #chunk: number;
  readonly #parallel: number;
  readonly #pending = new Set<ReadingStream>();
  readonly #rounds = new Rounds(
    () => this.#round(),
    () => this.#pending.size > 0,
  );

  constructor(read: ReadAfter, log: FastifyBaseLogger, options: StreamReadOptions = {}) {
    this.#read = read;
    this.#log = log;
    this.#limit = options.limit ?? LIMIT;
    this.#chunk = options.chunk ?? CHUNK;
    this.#parallel = options.parallel ?? PARALLEL;
  }

  /** The stream looks for new rows in the next round (once, however often it asks before then). */
  want(stream: ReadingStream): void {
    this.#pending.add(stream);
    // The rest of this tick's wakes (a signal connection delivers thousands in one chunk) join the round.
    this.#rounds.request();
  }

  async #round(): Promise<void> {
    const streams = [...this.#pending].filter((stream) => stream.isOpen);
    this.#pending.clear();
    const chunks: ReadingStream[][] = [];
    for (let i = 0; i < streams.length; i += this.#chunk) chunks.push(streams.slice(i, i + this.#chunk));
    let next = 0;
    const lane = async () => {
      for (let chunk = chunks[next++]; chunk; chunk = chunks[next++]) await this.#readChunk(chunk);
    };
    await Promise.all(Array.from({ length: Math.min(this.#parallel, chunks.length) }, lane));
  }

  async #readChunk(chunk: ReadingStream[]): Promise<void> {
    let results: StreamReadResult[];
    try {
      results = await this.#read(
        chunk.map((stream) => ({ userId: stream.userId, position: stream.position })),
        this.#limit,
      );
    } catch (error) {
      this.#log.warn({ err: describeError(error), streams: chunk.length }, 'notification streams could not read new notifications; retrying');
      for (const stream of chunk) stream.failed();
      return;
    }
    chunk.forEach((stream, i) => {
      const result = results[i];
      if (!result || !stream.isOpen) return;
      try {
        if (stream.deliver(result, this.#limit)) this.#pending.add(stream);
      } catch (error) {
        // One stream's trouble is not the round's: the others are served, this one looks again.
        this.#log.warn({ err: describeError(error) }, 'notification stream could not send new notifications; retrying');
        stream.failed();
      }
    });
  }
}
