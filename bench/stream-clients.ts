import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * One load-generating process of `npm run bench:streams`: holds a share of the notification streams
 * (about 2,500 sockets) with plain `http` requests, one socket each, from its own loopback address.
 * Driven by its parent over IPC (`Command` in, `Reply` out). It parses the event stream by hand,
 * remembers each stream's last event id for `Last-Event-ID`, stamps the arrival of every fan-out
 * event (a notification titled `Fan-out <k>`) and every heartbeat on the machine's clock.
 */

export interface Subscriber {
  userId: string;
  token: string;
}

export type Command =
  | { op: 'open'; url: string; localAddress: string; subscribers: Subscriber[]; concurrency: number }
  /** Waits for fan-out `marker` on every stream (or the timeout): answers the arrival times. */
  | { op: 'await'; marker: number; timeoutMs: number }
  | { op: 'heartbeats'; since: number }
  /** Drops every socket at once, then reconnects each with its Last-Event-ID at a random moment within `withinMs`. */
  | { op: 'reconnect'; withinMs: number }
  /** Which fan-outs each stream has seen: none of `markers` may be missing or seen twice. */
  | { op: 'tally'; markers: number[] }
  | { op: 'close' };

export type Reply =
  /** `refused`: by status, or by the connection's error code (ECONNRESET, ETIMEDOUT, …) when there was no answer. */
  | { op: 'opened'; ok: number; refused: Record<string, number>; ms: number; waits: number[] }
  | { op: 'arrivals'; marker: number; times: Array<number | null> }
  | { op: 'heartbeats'; streams: number; withBeat: number; beats: number }
  /** `waits`: each stream's time from its planned moment to its answer's head (ms). */
  | { op: 'reconnected'; ok: number; refused: Record<string, number>; ms: number; waits: number[] }
  | { op: 'tally'; missing: number; duplicates: number; endedByServer: number }
  | { op: 'closed' };

const MARKER = /"title":"Fan-out (\d+)"/;
const now = () => performance.timeOrigin + performance.now();

class Stream {
  readonly subscriber: Subscriber;
  lastEventId: string | undefined;
  readonly seen = new Map<number, number>();
  duplicates = 0;
  readonly beats: number[] = [];
  endedByServer = 0;
  #request: http.ClientRequest | undefined;
  #buffer = '';
  #dropping = false;

  constructor(subscriber: Subscriber) {
    this.subscriber = subscriber;
  }

  /** Resolves with the status once the answer's head is in (200: the stream is open), or the connection's error code. */
  open(url: string, localAddress: string): Promise<number | string> {
    this.#dropping = false;
    return new Promise((resolve) => {
      const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${this.subscriber.token}` };
      if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
      const request = http.get(`${url}/api/v1/notifications/stream`, { headers, agent: false, localAddress }, (response) => {
        resolve(response.statusCode ?? 0);
        if (response.statusCode !== 200) return response.resume();
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => this.#read(chunk));
        response.on('end', () => {
          if (!this.#dropping) this.endedByServer++;
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      this.#request = request;
    });
  }

  drop(): void {
    this.#dropping = true;
    this.#request?.destroy();
    this.#buffer = '';
  }

  #read(chunk: string): void {
    this.#buffer += chunk;
    let cut: number;
    while ((cut = this.#buffer.indexOf('\n\n')) >= 0) {
      const block = this.#buffer.slice(0, cut);
      this.#buffer = this.#buffer.slice(cut + 2);
      this.#event(block);
    }
  }

  #event(block: string): void {
    const at = now();
    if (block.startsWith(': heartbeat')) {
      this.beats.push(at);
      return;
    }
    for (const line of block.split('\n')) if (line.startsWith('id: ')) this.lastEventId = line.slice(4);
    const marker = MARKER.exec(block);
    if (!marker) return;
    const k = Number(marker[1]);
    if (this.seen.has(k)) this.duplicates++;
    else this.seen.set(k, at);
  }
}

let streams: Stream[] = [];
let target = { url: '', localAddress: '' };

/** Opens the streams `concurrency` at a time; a refused one (429, 503, a connection error) is tried again a second later. */
async function openAll(list: Stream[], concurrency: number, delayMs: (i: number) => number = () => 0) {
  const refused: Record<string, number> = {};
  const started = now();
  let next = 0;
  let ok = 0;
  const waits: number[] = [];
  const lane = async () => {
    for (let i = next++; i < list.length; i = next++) {
      const due = started + delayMs(i);
      const wait = due - now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      for (;;) {
        const status = await list[i]!.open(target.url, target.localAddress);
        if (status === 200) break;
        refused[status] = (refused[status] ?? 0) + 1;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      waits.push(now() - Math.max(due, started));
      ok++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { ok, refused, ms: now() - started, waits };
}

async function awaitMarker(marker: number, timeoutMs: number): Promise<Reply> {
  const deadline = now() + timeoutMs;
  while (now() < deadline && streams.some((stream) => !stream.seen.has(marker))) await new Promise((resolve) => setTimeout(resolve, 20));
  return { op: 'arrivals', marker, times: streams.map((stream) => stream.seen.get(marker) ?? null) };
}

async function handle(command: Command): Promise<Reply> {
  switch (command.op) {
    case 'open': {
      target = { url: command.url, localAddress: command.localAddress };
      streams = command.subscribers.map((subscriber) => new Stream(subscriber));
      return { op: 'opened', ...(await openAll(streams, command.concurrency)) };
    }
    case 'await':
      return awaitMarker(command.marker, command.timeoutMs);
    case 'heartbeats': {
      const counts = streams.map((stream) => stream.beats.filter((at) => at >= command.since).length);
      return { op: 'heartbeats', streams: streams.length, withBeat: counts.filter((c) => c > 0).length, beats: counts.reduce((a, b) => a + b, 0) };
    }
    case 'reconnect': {
      for (const stream of streams) stream.drop();
      // Each at its own random moment, as clients whose connections all broke at once come back.
      const at = streams.map(() => Math.random() * command.withinMs);
      const result = await openAll(streams, streams.length, (i) => at[i]!);
      return { op: 'reconnected', ...result };
    }
    case 'tally': {
      let missing = 0;
      for (const stream of streams) for (const marker of command.markers) if (!stream.seen.has(marker)) missing++;
      const sum = (pick: (stream: Stream) => number) => streams.reduce((total, stream) => total + pick(stream), 0);
      return { op: 'tally', missing, duplicates: sum((s) => s.duplicates), endedByServer: sum((s) => s.endedByServer) };
    }
    case 'close':
      for (const stream of streams) stream.drop();
      return { op: 'closed' };
  }
}

/** Commands run concurrently (a reconnect storm is under way while fan-outs are awaited): each reply names its command's id. */
process.on('message', ({ id, command }: { id: number; command: Command }) => {
  void handle(command).then((reply) => {
    process.send!({ id, reply });
    if (reply.op === 'closed') process.disconnect();
  });
});
// A parent that died leaves nobody to close these sockets.
process.on('disconnect', () => process.exit(0));
