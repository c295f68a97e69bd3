import type { FastifyInstance } from 'fastify';

export interface SseEvent {
  id: string | undefined;
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
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length) queue.push({ id, data: data.join('\n') });
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
