/**
 * Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm). The rotation uses it to
 * find how many partnerships (or singles meetings) can be new at once: a greedy pass can miss a perfect
 * matching that exists, and the promise "no partner repeats while an unused pairing is possible" is
 * about existence. O(V³) on at most 60 players is well under a millisecond.
 */
export function maximumMatching(size: number, adjacent: number[][]): number[] {
  return new Blossom(size, adjacent).solve();
}

/** The search's state: `match[v]` is v's partner (-1: none); `base` the blossom each vertex is contracted into. */
class Blossom {
  readonly match: number[];
  readonly parent: number[];
  readonly base: number[];
  readonly used: boolean[];
  readonly blossom: boolean[];
  queue: number[] = [];

  readonly size: number;
  readonly adjacent: number[][];

  constructor(size: number, adjacent: number[][]) {
    this.size = size;
    this.adjacent = adjacent;
    this.match = new Array<number>(size).fill(-1);
    this.parent = new Array<number>(size).fill(-1);
    this.base = Array.from({ length: size }, (_, i) => i);
    this.used = new Array<boolean>(size).fill(false);
    this.blossom = new Array<boolean>(size).fill(false);
  }

  solve(): number[] {
    this.greedyStart();
    for (let root = 0; root < this.size; root += 1) if (this.match[root] === -1) this.augment(this.findAugmentingPath(root));
    return this.match;
  }

  /** A greedy start leaves few roots for the search to augment from. */
  private greedyStart() {
    const { match } = this;
    for (let v = 0; v < this.size; v += 1) {
      if (match[v] !== -1) continue;
      const free = this.adjacent[v]!.find((to) => match[to] === -1);
      if (free !== undefined) {
        match[v] = free;
        match[free] = v;
      }
    }
  }

  /** Flips the matched and unmatched edges along the path found, ending at the free vertex `end`. */
  private augment(end: number) {
    let v = end;
    while (v !== -1) {
      const previous = this.parent[v]!;
      const next = this.match[previous]!;
      this.match[v] = previous;
      this.match[previous] = v;
      v = next;
    }
  }

  private lowestCommonAncestor(first: number, second: number): number {
    const { base, match, parent } = this;
    const seen = new Array<boolean>(this.size).fill(false);
    let a = first;
    for (;;) {
      a = base[a]!;
      seen[a] = true;
      if (match[a] === -1) break;
      a = parent[match[a]!]!;
    }
    let b = second;
    for (;;) {
      b = base[b]!;
      if (seen[b]) return b;
      b = parent[match[b]!]!;
    }
  }

  private markPath(from: number, stem: number, child: number) {
    const { base, match, parent, blossom } = this;
    let v = from;
    let children = child;
    while (base[v] !== stem) {
      blossom[base[v]!] = true;
      blossom[base[match[v]!]!] = true;
      parent[v] = children;
      children = match[v]!;
      v = parent[match[v]!]!;
    }
  }

  /** The odd cycle through v and `to` becomes one vertex (its stem); its vertices join the search. */
  private contract(v: number, to: number) {
    const stem = this.lowestCommonAncestor(v, to);
    this.blossom.fill(false);
    this.markPath(v, stem, to);
    this.markPath(to, stem, v);
    for (let i = 0; i < this.size; i += 1) {
      if (!this.blossom[this.base[i]!]) continue;
      this.base[i] = stem;
      if (!this.used[i]) {
        this.used[i] = true;
        this.queue.push(i);
      }
    }
  }

  /** A breadth-first search from `root` for a path to a free vertex; -1 when there is none. */
  private findAugmentingPath(root: number): number {
    const { base, match, parent, used } = this;
    used.fill(false);
    parent.fill(-1);
    for (let i = 0; i < this.size; i += 1) base[i] = i;
    used[root] = true;
    this.queue = [root];
    for (let head = 0; head < this.queue.length; head += 1) {
      const v = this.queue[head]!;
      for (const to of this.adjacent[v]!) {
        if (base[v] === base[to] || match[v] === to) continue;
        if (to === root || (match[to] !== -1 && parent[match[to]!] !== -1)) this.contract(v, to);
        else if (parent[to] === -1) {
          parent[to] = v;
          if (match[to] === -1) return to;
          used[match[to]!] = true;
          this.queue.push(match[to]!);
        }
      }
    }
    return -1;
  }
}
