import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { describeError } from '../http/error-facts.ts';

/** A NOTIFY payload; `null` when the listening connection was lost and is back (anything may have been missed). */
export type ListenHandler = (payload: string | null) => void;

export type Unlisten = () => Promise<void>;

/** Channel names are identifiers the code chooses, never input; this keeps it so. */
function checkChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

/** A dedicated connection (LISTEN holds it), outside the pool; reconnects and then asks for a resync. */
export async function listenOnPostgres(url: string, channel: string, handler: ListenHandler, log: FastifyBaseLogger): Promise<Unlisten> {
  const listener = new PostgresListener(url, checkChannel(channel), handler, log);
  await listener.connect(false);
  return () => listener.close();
}

/** PGlite runs in this process: its LISTEN is an in-process callback. */
export async function listenOnPglite(
  client: { listen(channel: string, callback: (payload: string) => void): Promise<Unlisten> },
  channel: string,
  handler: ListenHandler,
): Promise<Unlisten> {
  const unlisten = await client.listen(checkChannel(channel), (payload) => {
    if (payload) handler(payload);
  });
  return () => unlisten().catch(() => undefined);
}

class PostgresListener {
  readonly #url: string;
  readonly #channel: string;
  readonly #handler: ListenHandler;
  readonly #log: FastifyBaseLogger;
  #client: pg.Client | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(url: string, channel: string, handler: ListenHandler, log: FastifyBaseLogger) {
    this.#url = url;
    this.#channel = channel;
    this.#handler = handler;
    this.#log = log;
  }

  async connect(resync: boolean): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#url, connectionTimeoutMillis: 3000 });
    client.on('notification', (message) => {
      if (message.channel === this.#channel && message.payload) this.#handler(message.payload);
    });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.#channel}`);
    } catch (error) {
      this.#log.warn({ err: describeError(error), channel: this.#channel }, 'database listener could not connect; retrying');
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
    if (resync) this.#handler(null);
  }

  #lost(client: pg.Client): void {
    if (this.#closed || this.#client !== client) return;
    this.#client = undefined;
    this.#log.warn({ channel: this.#channel }, 'database listener lost its connection; reconnecting');
    client.end().catch(() => undefined);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#closed || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.connect(true);
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
