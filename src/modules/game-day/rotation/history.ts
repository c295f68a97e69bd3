import type { PairCount, RotationInput, RotationPlayer } from './rotation.types.ts';

/**
 * The session's partner and opponent counts between the players given, looked up in either order.
 * Kept as two square matrices over the players' positions: the rotation reads them thousands of times.
 */
export class History {
  readonly #index = new Map<string, number>();
  readonly #size: number;
  readonly #partners: Float64Array;
  readonly #opponents: Float64Array;

  constructor(input: Pick<RotationInput, 'players' | 'partners' | 'opponents'>) {
    input.players.forEach((player, k) => this.#index.set(player.id, k));
    this.#size = input.players.length;
    this.#partners = this.#matrix(input.partners);
    this.#opponents = this.#matrix(input.opponents);
  }

  #matrix(counts: PairCount[]): Float64Array {
    const size = this.#size;
    const matrix = new Float64Array(size * size);
    for (const { a, b, count } of counts) {
      const i = this.#index.get(a);
      const j = this.#index.get(b);
      if (i === undefined || j === undefined) continue;
      matrix[i * size + j] = matrix[i * size + j]! + count;
      if (i !== j) matrix[j * size + i] = matrix[j * size + i]! + count;
    }
    return matrix;
  }

  #read(matrix: Float64Array, a: string, b: string): number {
    const i = this.#index.get(a);
    const j = this.#index.get(b);
    return i === undefined || j === undefined ? 0 : matrix[i * this.#size + j]!;
  }

  partnered(a: string, b: string): number {
    return this.#read(this.#partners, a, b);
  }

  faced(a: string, b: string): number {
    return this.#read(this.#opponents, a, b);
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
