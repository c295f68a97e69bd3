import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../platform/db/index.ts';
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

export type SignalSource = { kind: 'postgres'; url: string } | { kind: 'embedded'; db: Database };

export async function listenForSignals(source: SignalSource, log: FastifyBaseLogger): Promise<SignalListener> {
  const listener = source.kind === 'postgres' ? new PostgresListener(source.url, log) : new EmbeddedListener(source.db);
  await listener.start();
  return listener;
}

abstract class Listener implements SignalListener {
  readonly #handlers: Array<(userId: string | null) => void> = [];

  subscribe(handler: (userId: string | null) => void): void {
    this.#handlers.push(handler);
  }

  protected deliver(userId: string | null): void {
    for (const handler of this.#handlers) handler(userId);
  }

  abstract start(): Promise<void>;
  abstract close(): Promise<void>;
}

/** A dedicated connection (LISTEN holds it), outside the pool; reconnects and then asks for a resync. */
class PostgresListener extends Listener {
  readonly #url: string;
  readonly #log: FastifyBaseLogger;
  #client: pg.Client | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(url: string, log: FastifyBaseLogger) {
    super();
    this.#url = url;
    this.#log = log;
  }

  start(): Promise<void> {
    return this.#connect(false);
  }

  async #connect(resync: boolean): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#url, connectionTimeoutMillis: 3000 });
    client.on('notification', (message) => {
      if (message.channel === SIGNAL_CHANNEL && message.payload) this.deliver(message.payload);
    });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${SIGNAL_CHANNEL}`);
    } catch (error) {
      this.#log.warn({ err: { type: (error as Error).name, code: (error as { code?: string }).code } }, 'notification listener could not connect; retrying');
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.#schedule();
      return;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    if (resync) this.deliver(null);
  }

  #lost(client: pg.Client): void {
    if (this.#closed || this.#client !== client) return;
    this.#client = undefined;
    this.#log.warn('notification listener lost its connection; reconnecting');
    client.end().catch(() => undefined);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#closed || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.#connect(true);
    }, 1000);
    this.#retry.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }
}

interface PGliteListen {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** The embedded database is in this process: its LISTEN is an in-process callback. */
class EmbeddedListener extends Listener {
  readonly #db: Database;
  #unlisten: (() => Promise<void>) | undefined;

  constructor(db: Database) {
    super();
    this.#db = db;
  }

  async start(): Promise<void> {
    const client = (this.#db as unknown as { $client: PGliteListen }).$client;
    this.#unlisten = await client.listen(SIGNAL_CHANNEL, (payload) => {
      if (payload) this.deliver(payload);
    });
  }

  async close(): Promise<void> {
    await this.#unlisten?.().catch(() => undefined);
    this.#unlisten = undefined;
  }
}
