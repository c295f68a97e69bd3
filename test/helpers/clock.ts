import type { Clock } from '../../src/platform/clock.ts';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  #now: number;

  constructor(start = new Date()) {
    this.#now = start.getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  advance(seconds: number): void {
    this.#now += seconds * 1000;
  }

  set(date: Date): void {
    this.#now = date.getTime();
  }
}
