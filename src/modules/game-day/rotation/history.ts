import type { PairCount, RotationInput, RotationPlayer } from './rotation.types.ts';

/** The session's partner and opponent counts, looked up in either order. */
export class History {
  readonly #partners = new Map<string, number>();
  readonly #opponents = new Map<string, number>();

  constructor(input: Pick<RotationInput, 'partners' | 'opponents'>) {
    History.#fill(this.#partners, input.partners);
    History.#fill(this.#opponents, input.opponents);
  }

  static #fill(into: Map<string, number>, counts: PairCount[]) {
    for (const { a, b, count } of counts) {
      const key = History.#key(a, b);
      into.set(key, (into.get(key) ?? 0) + count);
    }
  }

  static #key(a: string, b: string): string {
    return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
  }

  partnered(a: string, b: string): number {
    return this.#partners.get(History.#key(a, b)) ?? 0;
  }

  faced(a: string, b: string): number {
    return this.#opponents.get(History.#key(a, b)) ?? 0;
  }
}

/**
 * Who plays next, first to last: whoever has sat out most (promise 1), then whoever has played least
 * (promise 2), then the longest rest, then the seed. Taking a prefix of this queue keeps both promises
 * when a round fills every free court.
 */
export function queueOrder(players: RotationPlayer[], random: () => number): RotationPlayer[] {
  const byId = [...players].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const tie = new Map(byId.map((player) => [player.id, random()]));
  return byId.sort((a, b) => b.satOut - a.satOut || a.played - b.played || a.restingSince - b.restingSince || tie.get(a.id)! - tie.get(b.id)!);
}
