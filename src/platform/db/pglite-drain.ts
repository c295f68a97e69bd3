import type { PGlite } from '@electric-sql/pglite';

/** The calls that reach the embedded database: Drizzle's (query, transaction), the migrations' and LISTEN's. */
const ENTRY_POINTS = ['query', 'exec', 'transaction', 'listen', 'unlisten'] as const;

/**
 * Makes `client.close()` wait for the calls already made and refuse new ones. PGlite's own close
 * lets a statement that queued behind it run against the backend it is shutting down, and that
 * statement can then spin in PGlite's synchronous protocol loop for ever, with the event loop
 * (and every timer, the forced exit among them) stuck behind it (electric-sql/pglite#1084,
 * #1058). A shutdown always has such stragglers: a push delivery pass, a health check.
 */
export function drainOnClose(client: PGlite): PGlite {
  let inFlight = 0;
  let closing = false;
  let drained: (() => void) | undefined;
  const settle = () => {
    inFlight -= 1;
    if (inFlight === 0) drained?.();
  };
  for (const name of ENTRY_POINTS) {
    const original = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.defineProperty(client, name, {
      configurable: true,
      value: (...args: unknown[]) => {
        if (closing) return Promise.reject(Object.assign(new Error('The database is closing'), { code: 'DB_UNAVAILABLE' }));
        inFlight += 1;
        return original(...args).finally(settle);
      },
    });
  }
  const close = client.close.bind(client);
  let closed: Promise<void> | undefined;
  const drainThenClose = async () => {
    closing = true;
    if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
    await close();
  };
  // One close for every caller: a second call waits for the first instead of replacing its wait.
  Object.defineProperty(client, 'close', { configurable: true, value: () => (closed ??= drainThenClose()) });
  return client;
}
