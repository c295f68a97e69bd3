/**
 * Waits until `predicate` holds, woken by `waiters` (a fake service calls each when something
 * arrives) or every 10 ms, and fails with `describe()` once `timeoutMs` has passed.
 */
export async function waitUntil(predicate: () => boolean, waiters: Set<() => void>, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`${describe()}: condition not met in time`);
    await new Promise<void>((resolve) => {
      const wake = () => {
        waiters.delete(wake);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(wake, 10);
      waiters.add(wake);
    });
  }
}
