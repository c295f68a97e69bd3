import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

export const STREAM = '/api/v1/notifications/stream';

export interface SseEvent {
  id: string | undefined;
  /** The event's name; undefined for a notification (the default event). */
  event?: string;
  data: string;
}

export interface SseClient {
  status: number;
  headers: Headers;
  /** The next event (comments skipped), or a rejection after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Comments seen so far (heartbeats). */
  comments: string[];
  close(): void;
}

/** The app listening on an ephemeral loopback port; answers its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

/** Every event until none comes for `quietMs` (a stream that is silent from then on). */
export async function drain(stream: SseClient, quietMs = 400): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for (;;) {
    try {
      events.push(await stream.next(quietMs));
    } catch {
      return events;
    }
  }
}

/** A real HTTP client of a server-sent event stream, reading the body as it arrives. */
export async function openStream(url: string, headers: Record<string, string>): Promise<SseClient> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const queue: SseEvent[] = [];
  const comments: string[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;
  let buffer = '';
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | undefined;
          let event: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length) queue.push({ id, ...(event ? { event } : {}), data: data.join('\n') });
        }
        waiters.splice(0).forEach((wake) => wake());
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      waiters.splice(0).forEach((wake) => wake());
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    comments,
    async next(timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        if (ended) throw new Error('stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return queue.shift()!;
    },
    close() {
      abort.abort();
    },
  };
}

/**
 * The notification streams a suite opens against one listening app, kept so that `closeAll` (in
 * `after`, before the app closes) ends every one of them.
 */
export class StreamClients {
  base = '';
  readonly #open: SseClient[] = [];

  /** Starts `app` listening on a loopback port; streams open against it from then on. */
  async listen(app: FastifyInstance): Promise<string> {
    this.base = await listen(app);
    return this.base;
  }

  /** Opens the stream as `who` (with extra headers); it may have been refused: see `status`. */
  async connect(who: { auth: Record<string, string> }, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = await openStream(`${this.base}${STREAM}`, { ...who.auth, ...headers });
    this.#open.push(client);
    return client;
  }

  /** Opens the stream as `who` and asserts it was accepted. */
  async accepted(who: { auth: Record<string, string> }, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = await this.connect(who, headers);
    assert.equal(client.status, 200);
    return client;
  }

  closeAll(): void {
    for (const client of this.#open.splice(0)) client.close();
  }
}
