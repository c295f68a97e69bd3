/**
 * Work done in rounds: asks made in one tick, or while a round runs, are served by the next round,
 * and rounds run one at a time. The owner keeps what was asked for; `run` takes it all, and
 * `pending` says whether more was asked for meanwhile (then another round follows at once). So many
 * asks at once cost a few rounds (a few statements), and no round overlaps another.
 */
export class Rounds {
  readonly #run: () => Promise<void>;
  readonly #pending: () => boolean;
  #scheduled = false;
  #running = false;

  constructor(run: () => Promise<void>, pending: () => boolean) {
    this.#run = run;
    this.#pending = pending;
  }

  /** A round will run: after the rest of this tick's asks, or after the round running now. */
  request(): void {
    if (this.#scheduled || this.#running) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#go();
    });
  }

  async #go(): Promise<void> {
    this.#running = true;
    try {
      await this.#run();
    } finally {
      this.#running = false;
      if (this.#pending()) this.request();
    }
  }
}
