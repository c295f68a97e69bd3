import type { Redis } from 'ioredis';
import { StoreUnavailableError } from './store.ts';

const CONNECTIONS = 4;
const WAIT_MS = 500;
/** After replicas fell behind, writes that must survive a failover fail at once for this long. */
const BACK_OFF_MS = 1000;

/**
 * Writes that must survive a failover, each answered only once `replicas` replicas hold it
 * (Redis replicates asynchronously, so a primary that dies right after a write may take it along,
 * and a forgotten single-use mark makes a token usable twice).
 *
 * WAIT blocks the connection it is sent on, and a connection answers in order: on the shared
 * connection one slow WAIT would hold up every command behind it. These writes therefore take a
 * connection of their own from a small set, and while replicas are missing (a failover, the new
 * primary without a replica yet) they fail at once instead of queueing up behind WAITs that time out.
 */
export class ReplicatedWrites<C extends Redis> {
  readonly #replicas: number;
  readonly #open: () => Promise<C>;
  readonly #idle: C[] = [];
  readonly #all: C[] = [];
  readonly #queue: Array<(client: C) => void> = [];
  #opening = 0;
  #behindUntil = 0;

  constructor(replicas: number, open: () => Promise<C>) {
    this.#replicas = replicas;
    this.#open = open;
  }

  async run<T>(write: (client: C) => Promise<T>, mustSurvive: (result: T) => boolean = () => true): Promise<T> {
    this.#checkReplicas();
    const client = await this.#acquire();
    try {
      this.#checkReplicas();
      const result = await write(client);
      if (mustSurvive(result)) {
        const acknowledged = await client.wait(this.#replicas, WAIT_MS);
        if (acknowledged < this.#replicas) {
          this.#behindUntil = Date.now() + BACK_OFF_MS;
          throw new StoreUnavailableError(new Error('write not replicated in time'));
        }
      }
      return result;
    } finally {
      this.#release(client);
    }
  }

  #checkReplicas() {
    if (Date.now() < this.#behindUntil) throw new StoreUnavailableError(new Error('replicas are behind'));
  }

  async #acquire(): Promise<C> {
    const idle = this.#idle.pop();
    if (idle) return idle;
    if (this.#opening + this.#all.length < CONNECTIONS) {
      this.#opening++;
      try {
        const client = await this.#open();
        this.#all.push(client);
        return client;
      } finally {
        this.#opening--;
      }
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  #release(client: C) {
    const next = this.#queue.shift();
    if (next) next(client);
    else this.#idle.push(client);
  }

  close() {
    for (const client of this.#all) client.disconnect();
  }
}
