import { maximumMatching } from './matching.ts';

/**
 * Arranges the units chosen to play into matches. A unit is a player (rotating doubles, singles) or a
 * fixed pair (then it plays like a singles player). Matches are consecutive runs of `perMatch` slots:
 * doubles [a, b] v [c, d], singles [a] v [b].
 */
export interface ArrangeProblem {
  count: number;
  perMatch: 2 | 4;
  /** Sum of mu per unit. */
  strength: number[];
  /** How often units i and j were on the same side (flattened count × count). */
  together: Float64Array;
  /** How often units i and j faced each other (flattened count × count). */
  against: Float64Array;
  random: () => number;
}

const REPEAT = 1e6;
const OPPONENT = 1e-6;
const MAX_PASSES = 40;

/**
 * The fewest repeats first (promise 3, through a maximum matching of the unused pairings, so a
 * possible all-new arrangement is always found), then a bounded local search for even sides
 * (promise 4) that never adds a repeat, then few repeated opponents as a tie-break.
 */
export function arrange(problem: ArrangeProblem): number[] {
  const { count, perMatch } = problem;
  if (count === 0) return [];
  const fresh = perMatch === 4 ? problem.together : problem.against;
  const pairs = pairUp(count, fresh, problem.random);
  let slots: number[];
  if (perMatch === 4) {
    // Partnerships of similar strength face each other: a good start for the local search.
    const weight = (pair: [number, number]) => problem.strength[pair[0]]! + problem.strength[pair[1]]!;
    pairs.sort((x, y) => weight(x) - weight(y));
    slots = pairs.flat();
  } else {
    slots = pairs.flat();
  }
  improve(slots, problem);
  return slots;
}

/** Pairs everyone, as many pairs as possible with a zero count (maximum matching), the rest by lowest count. */
function pairUp(count: number, counts: Float64Array, random: () => number): Array<[number, number]> {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const adjacent = order.map((u) => order.map((v, k) => (u !== v && counts[u * count + v] === 0 ? k : -1)).filter((k) => k >= 0));
  const match = maximumMatching(count, adjacent);
  const pairs: Array<[number, number]> = [];
  const left: number[] = [];
  for (let k = 0; k < count; k += 1) {
    if (match[k] === -1) left.push(order[k]!);
    else if (k < match[k]!) pairs.push([order[k]!, order[match[k]!]!]);
  }
  while (left.length > 1) {
    const u = left.shift()!;
    let best = 0;
    for (let k = 1; k < left.length; k += 1) if (counts[u * count + left[k]!]! < counts[u * count + left[best]!]!) best = k;
    pairs.push([u, left.splice(best, 1)[0]!]);
  }
  return pairs;
}

function matchCost(slots: number[], at: number, problem: ArrangeProblem): number {
  const { count, strength, together, against } = problem;
  if (problem.perMatch === 2) {
    const a = slots[at]!;
    const b = slots[at + 1]!;
    const met = against[a * count + b]!;
    return (met > 0 ? REPEAT : 0) + Math.abs(strength[a]! - strength[b]!) + met * OPPONENT;
  }
  const a = slots[at]!;
  const b = slots[at + 1]!;
  const c = slots[at + 2]!;
  const d = slots[at + 3]!;
  const repeats = (together[a * count + b]! > 0 ? 1 : 0) + (together[c * count + d]! > 0 ? 1 : 0);
  const gap = Math.abs(strength[a]! + strength[b]! - strength[c]! - strength[d]!);
  const met = against[a * count + c]! + against[a * count + d]! + against[b * count + c]! + against[b * count + d]!;
  return repeats * REPEAT + gap + met * OPPONENT;
}

/** First-improvement local search over swaps of two slots, bounded in passes; each match's cost is kept, not recomputed. */
function improve(slots: number[], problem: ArrangeProblem): void {
  const { perMatch } = problem;
  const n = slots.length;
  const costs = new Float64Array(n);
  for (let at = 0; at < n; at += perMatch) costs[at] = matchCost(slots, at, problem);
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    let improved = false;
    for (let i = 0; i < n; i += 1) {
      const mi = i - (i % perMatch);
      for (let j = i + 1; j < n; j += 1) {
        const mj = j - (j % perMatch);
        // Within one side (or one singles match) a swap changes nothing.
        if (mi === mj && (perMatch === 2 || i >> 1 === j >> 1)) continue;
        const before = costs[mi]! + (mi === mj ? 0 : costs[mj]!);
        const x = slots[i]!;
        slots[i] = slots[j]!;
        slots[j] = x;
        const afterI = matchCost(slots, mi, problem);
        const afterJ = mi === mj ? 0 : matchCost(slots, mj, problem);
        if (afterI + afterJ < before - 1e-9) {
          improved = true;
          costs[mi] = afterI;
          if (mi !== mj) costs[mj] = afterJ;
        } else {
          slots[j] = slots[i]!;
          slots[i] = x;
        }
      }
    }
    if (!improved) return;
  }
}
