import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { clientKey } from '../../platform/rate-limit/client-key.ts';
import type { Position } from './notifications.position.ts';
import { describeError } from '../../platform/http/error-facts.ts';
import { StreamConnection } from './notifications.stream-connection.ts';
import { StreamReads, type ReadAfter, type StreamReadOptions } from './notifications.stream-reads.ts';

/** Per user and instance: enough for a few tabs and devices, not for one token to exhaust sockets. */
export const MAX_STREAMS_PER_USER = 5;
/** A comment this often keeps each stream's connection alive; the same beat finds streams to end. */
export const HEARTBEAT_MS = 15_000;

/**
 * The stream never ends by itself, so it is only started for a client that asked for it (EventSource
 * sends `Accept: text/event-stream`; curl and fetch send `*\/*`). A request with no Accept at all
 * gets 406 instead of a response that never completes.
 */
export function acceptsEventStream(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*(text\/event-stream|text\/\*|\*\/\*)\s*(;|,|$)/i.test(accept);
}

export interface StreamDeps {
  /**
   * For each (user, position): the user's notifications after it that are safe to send, in order;
   * `heldBack`: more are committing. One read for many streams (see StreamReads).
   */
  after: ReadAfter;
  /** How the shared reads are cut up (tests make them small). */
  reads?: StreamReadOptions;
  /** Which of these users still have a live account (one query for all open streams). */
  liveUsers(userIds: string[]): Promise<Set<string>>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Heartbeats and the sweep that ends streams of expired tokens and deleted accounts. */
  heartbeatMs?: number;
  /** Besides five per user: per client address (many users behind one abuser; IPv6 by its /64, see clientKey) and per instance (sockets, memory). */
  limits?: { perAddress: number; perInstance: number };
}

/** Why a stream may not open here: the user's, the address's or the instance's limit is reached. */
export type StreamRefusal = 'user' | 'address' | 'instance';

/**
 * Open server-sent event streams of this instance, by user. A signal for a user makes each of
 * their streams send what it has not sent yet (rows after its last id), so signals may be
 * duplicated, coalesced or arrive early without a notification being lost or sent twice. The
 * streams' reads are shared (StreamReads): a signal for thousands of users is a few statements.
 */
export class NotificationStreams {
  readonly #deps: StreamDeps;
  readonly #reads: StreamReads;
  readonly #byUser = new Map<string, Set<StreamConnection>>();
  readonly #byAddress = new Map<string, number>();
  #open = 0;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #sweeping = false;
  #closed = false;

  constructor(deps: StreamDeps) {
    this.#deps = deps;
    this.#reads = new StreamReads(deps.after, deps.log, deps.reads);
  }

  get size(): number {
    return this.#open;
  }

  /** Which limit one more stream of this user from this address would pass (checked right before `open`, with no await between). */
  refusal(userId: string, address: string): StreamRefusal | undefined {
    const limits = this.#deps.limits;
    if ((this.#byUser.get(userId)?.size ?? 0) >= MAX_STREAMS_PER_USER) return 'user';
    if (limits && (this.#byAddress.get(clientKey(address)) ?? 0) >= limits.perAddress) return 'address';
    if (limits && this.#open >= limits.perInstance) return 'instance';
    return undefined;
  }

  /**
   * Takes over a hijacked response; `after` is where the stream starts (resume point or now).
   * The stream lasts as long as the token that opened it (`expiresAt`) and the account behind it.
   */
  open(
    request: IncomingMessage,
    response: ServerResponse,
    stream: { userId: string; after: Position; expiresAt: Date; address?: string },
    headers: OutgoingHttpHeaders,
  ): void {
    if (this.#closed) {
      response.writeHead(503, { ...headers, connection: 'close' }).end();
      return;
    }
    // The stream is meant to stay idle between events; the heartbeat keeps proxies from closing it.
    request.socket.setTimeout(0);
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    response.write('retry: 3000\n: connected\n\n');
    const { userId } = stream;
    const connection = new StreamConnection(userId, response, stream.after, stream.expiresAt, this.#reads);
    let set = this.#byUser.get(userId);
    if (!set) this.#byUser.set(userId, (set = new Set()));
    set.add(connection);
    const address = clientKey(stream.address ?? request.socket.remoteAddress ?? '');
    this.#open++;
    this.#byAddress.set(address, (this.#byAddress.get(address) ?? 0) + 1);
    response.on('close', () => {
      this.#open--;
      const left = (this.#byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.#byAddress.set(address, left);
      else this.#byAddress.delete(address);
      this.#remove(connection);
    });
    this.#startHeartbeat();
    // Catches up with rows committed between reading the start point and registering (and replays on resume).
    connection.pump();
  }

  /** A user has new rows; `null`: the signal connection was re-established, so every stream looks again. */
  wake(userId: string | null): void {
    if (userId !== null) for (const connection of this.#byUser.get(userId) ?? []) connection.pump();
    else for (const set of this.#byUser.values()) for (const connection of set) connection.pump();
  }

  /**
   * The user's sessions or account changed on some instance (logout, deletion, role change): their
   * streams here end now; the client reconnects with what it holds now, and Last-Event-ID loses nothing.
   */
  endUser(userId: string): void {
    for (const connection of this.#byUser.get(userId) ?? []) connection.end();
  }

  /** A missed signal may have been a deletion: checks every open stream's account now, not at the next heartbeat. */
  recheck(): void {
    if (this.#byUser.size > 0) void this.#sweep();
  }

  /** Ends every stream (shutdown): the server can only close once they are gone. */
  closeAll(): void {
    this.#closed = true;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    for (const set of this.#byUser.values()) for (const connection of set) connection.end();
    this.#byUser.clear();
  }

  #remove(connection: StreamConnection): void {
    connection.stop();
    const set = this.#byUser.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) this.#byUser.delete(connection.userId);
    if (this.#byUser.size === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
  }

  #startHeartbeat(): void {
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => {
      for (const set of this.#byUser.values()) for (const connection of set) connection.write(': heartbeat\n\n');
      void this.#sweep();
    }, this.#deps.heartbeatMs ?? HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /**
   * A stream may not outlive what allowed it: its token's expiry (the client reconnects with a
   * fresh one) or the account (deleted on any instance). Checked on the heartbeat, so within one;
   * the users' access signal (`endUser`) ends a deleted or logged-out user's streams sooner.
   */
  async #sweep(): Promise<void> {
    if (this.#sweeping) return;
    this.#sweeping = true;
    try {
      const now = this.#deps.clock.now().getTime();
      for (const set of this.#byUser.values()) for (const connection of set) if (connection.expiresAt.getTime() <= now) connection.end();
      const userIds = [...this.#byUser.keys()];
      if (userIds.length === 0) return;
      const live = await this.#deps.liveUsers(userIds);
      for (const userId of userIds) if (!live.has(userId)) for (const connection of this.#byUser.get(userId) ?? []) connection.end();
    } catch (error) {
      this.#deps.log.warn({ err: describeError(error) }, 'notification streams could not check their accounts');
    } finally {
      this.#sweeping = false;
    }
  }
}
