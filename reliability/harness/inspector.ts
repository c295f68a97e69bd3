/**
 * A full garbage collection in another Node process, through its inspector (the process was
 * started with `--inspect=127.0.0.1:0`), and the heap it still uses after it.
 *
 * The soak judges resident memory right after such a collection: sampled at random moments, RSS
 * rides V8's sawtooth (it climbs for minutes between major collections, then falls by a third),
 * so a short run could not tell that climb from a leak. After a full collection, what is left is
 * what the process holds on to.
 */
export interface AfterCollection {
  heapUsedBytes: number;
  /** What V8 holds for its heap (used or not). */
  heapTotalBytes: number;
  /** Memory outside V8's heap that JavaScript objects hold (process.memoryUsage().external; buffers included). */
  externalBytes: number;
  /** Of which ArrayBuffers and Buffers. */
  arrayBuffersBytes: number;
}

export async function collectGarbage(webSocketUrl: string, withinMs = 30_000): Promise<AfterCollection> {
  const socket = new WebSocket(webSocketUrl);
  const pending = new Map<number, (result: Record<string, unknown>) => void>();
  let next = 0;
  const call = (method: string, params?: object) =>
    new Promise<Record<string, unknown>>((resolve) => {
      pending.set(++next, resolve);
      socket.send(JSON.stringify({ id: next, method, params }));
    });
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) pending.get(message.id)?.(message.result ?? {});
  });
  const timeout = AbortSignal.timeout(withinMs);
  const work = (async () => {
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', () => reject(new Error(`no inspector at ${webSocketUrl}`)), { once: true });
    });
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.getHeapUsage');
    const evaluated = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    const memory = JSON.parse(String((evaluated.result as { value?: unknown } | undefined)?.value ?? '{}')) as { external?: number; arrayBuffers?: number };
    return {
      heapUsedBytes: Number(usage.usedSize),
      heapTotalBytes: Number(usage.totalSize),
      externalBytes: memory.external ?? Number.NaN,
      arrayBuffersBytes: memory.arrayBuffers ?? Number.NaN,
    };
  })();
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => timeout.addEventListener('abort', () => reject(new Error(`no full collection within ${withinMs} ms`)))),
    ]);
  } finally {
    socket.close();
  }
}
