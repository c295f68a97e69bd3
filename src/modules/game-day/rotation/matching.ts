/**
 * Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm). The rotation uses it to
 * find how many partnerships (or singles meetings) can be new at once: a greedy pass can miss a perfect
 * matching that exists, and the promise "no partner repeats while an unused pairing is possible" is
 * about existence. O(V³) on at most 60 players is well under a millisecond.
 */
export function maximumMatching(size: number, adjacent: number[][]): number[] {
  const match = new Array<number>(size).fill(-1);
  const parent = new Array<number>(size).fill(-1);
  const base = Array.from({ length: size }, (_, i) => i);
  const used = new Array<boolean>(size).fill(false);
  const blossom = new Array<boolean>(size).fill(false);

  const lowestCommonAncestor = (first: number, second: number): number => {
    const seen = new Array<boolean>(size).fill(false);
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
  };

  const markPath = (from: number, stem: number, child: number) => {
    let v = from;
    let children = child;
    while (base[v] !== stem) {
      blossom[base[v]!] = true;
      blossom[base[match[v]!]!] = true;
      parent[v] = children;
      children = match[v]!;
      v = parent[match[v]!]!;
    }
  };

  const findAugmentingPath = (root: number): number => {
    used.fill(false);
    parent.fill(-1);
    for (let i = 0; i < size; i += 1) base[i] = i;
    used[root] = true;
    const queue = [root];
    for (let head = 0; head < queue.length; head += 1) {
      const v = queue[head]!;
      for (const to of adjacent[v]!) {
        if (base[v] === base[to] || match[v] === to) continue;
        if (to === root || (match[to] !== -1 && parent[match[to]!] !== -1)) {
          const stem = lowestCommonAncestor(v, to);
          blossom.fill(false);
          markPath(v, stem, to);
          markPath(to, stem, v);
          for (let i = 0; i < size; i += 1) {
            if (!blossom[base[i]!]) continue;
            base[i] = stem;
            if (!used[i]) {
              used[i] = true;
              queue.push(i);
            }
          }
        } else if (parent[to] === -1) {
          parent[to] = v;
          if (match[to] === -1) return to;
          used[match[to]!] = true;
          queue.push(match[to]!);
        }
      }
    }
    return -1;
  };

  // A greedy start leaves few roots for the search to augment from.
  for (let v = 0; v < size; v += 1) {
    if (match[v] !== -1) continue;
    const free = adjacent[v]!.find((to) => match[to] === -1);
    if (free !== undefined) {
      match[v] = free;
      match[free] = v;
    }
  }
  for (let root = 0; root < size; root += 1) {
    if (match[root] !== -1) continue;
    let v = findAugmentingPath(root);
    while (v !== -1) {
      const previous = parent[v]!;
      const next = match[previous]!;
      match[v] = previous;
      match[previous] = v;
      v = next;
    }
  }
  return match;
}
