import type { Position } from './notifications.position.ts';

interface Waiter {
  resolve: (position: Position) => void;
  reject: (error: unknown) => void;
}

/**
 * The horizon where new streams start (NotificationsRepository.horizon), read once for every stream
 * opened in the same tick: the horizon is the database's, not a user's, so a burst of thousands of
 * opens costs a few statements rather than one each through a pool of about ten.
 *
 * At most one read is in flight. A stream that asks while one is in flight waits for the next,
 * which is sent after it asked: a horizon read before the stream was asked for could be older and
 * replay notifications committed before it opened. A failed read fails every stream that waited
 * for it (each answers its own error); the next asks read again.
 */
export class SharedHorizon {
  readonly #read: () => Promise<Position>;
  #waiting: Waiter[] = [];
  #scheduled = false;
  #running = false;

  constructor(read: () => Promise<Position>) {
    this.#read = read;
  }

  get(): Promise<Position> {
    return new Promise<Position>((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#running) return;
    this.#scheduled = true;
    // The rest of this tick's opens (a burst of reconnects arrives in one chunk of accepts) join the read.
    setImmediate(() => {
      this.#scheduled = false;
      void this.#round();
    });
  }

  async #round(): Promise<void> {
    this.#running = true;
    const waiters = this.#waiting;
    this.#waiting = [];
    try {
      const position = await this.#read();
      for (const waiter of waiters) waiter.resolve({ ...position });
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
    } finally {
      this.#running = false;
      if (this.#waiting.length > 0) this.#schedule();
    }
  }
}
