import type { ListenHandler, Unlisten } from '../db/listen.ts';

/** The channel the generation triggers notify on when `app.generation_signal` is on (the embedded database). */
export const GENERATION_CHANNEL = 'page_generation';

/**
 * The page generation of a database only this process writes (the embedded one), kept in memory.
 * Every bump notifies at commit, and the notification reaches the listener before the writing
 * statement's answer reaches its caller, so a write acknowledged to a client has already marked
 * the generation as moved: the next request reads it again. Between writes a cache hit costs no
 * round trip to the database, which runs on this thread.
 *
 * `read` is the database read (`generationReader`); it is sent only after a bump, and what it
 * answers is kept with the count of bumps seen before it was sent, so a bump during the read
 * makes the next call read again.
 */
export async function localGenerationReader(
  read: () => Promise<string>,
  listen: (channel: string, handler: ListenHandler) => Promise<Unlisten>,
): Promise<() => Promise<string>> {
  let bumps = 0;
  let known: { bumps: number; value: string } | undefined;
  await listen(GENERATION_CHANNEL, () => {
    bumps += 1;
  });
  return async () => {
    if (known?.bumps === bumps) return known.value;
    const before = bumps;
    const value = await read();
    if (!known || known.bumps <= before) known = { bumps: before, value };
    return value;
  };
}
