import type { RotationInput, RotationPlayer, RotationProposal } from '../../src/modules/game-day/rotation/index.ts';

/**
 * The rotation's promises, checked from the outside: each function takes a proposal and the input it
 * answered and returns what it breaks (empty when kept). They are written from the promises, not from
 * the module's code, so they can disagree with it.
 */
const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

export function countsOf(list: RotationInput['partners']): Map<string, number> {
  const map = new Map<string, number>();
  for (const { a, b, count } of list) map.set(pairKey(a, b), (map.get(pairKey(a, b)) ?? 0) + count);
  return map;
}

const playingIds = (proposal: RotationProposal) => new Set(proposal.matches.flatMap((m) => [...m.sides[0], ...m.sides[1]]));

/** Everyone given appears exactly once, on a free court or resting; no court twice; sides the format's size. */
export function structure(input: RotationInput, proposal: RotationProposal): string[] {
  const problems: string[] = [];
  const seen = [...proposal.matches.flatMap((m) => [...m.sides[0], ...m.sides[1]]), ...proposal.resting].sort();
  const given = input.players.map((p) => p.id).sort();
  if (seen.join() !== given.join()) problems.push(`players placed ${seen.join()} but given ${given.join()}`);
  const courts = proposal.matches.map((m) => m.court);
  if (new Set(courts).size !== courts.length || courts.some((c) => !input.freeCourts.includes(c))) problems.push(`courts ${courts.join()}`);
  for (const match of proposal.matches) {
    const [a, b] = [match.sides[0].length, match.sides[1].length];
    const size = input.format === 'SINGLES' ? 1 : 2;
    if (input.format !== 'WINNER_STAYS' ? a !== size || b !== size : a !== b || a === 0) problems.push(`court ${match.court}: sides of ${a} and ${b}`);
    if (match.reason.trim() === '') problems.push(`court ${match.court}: no reason`);
  }
  if (input.format === 'ROTATING_DOUBLES' || input.format === 'SINGLES') {
    const perMatch = input.format === 'SINGLES' ? 2 : 4;
    const expected = Math.min(new Set(input.freeCourts).size, Math.floor(input.players.length / perMatch));
    if (proposal.matches.length !== expected) problems.push(`${proposal.matches.length} matches where ${expected} fit`);
  }
  return problems;
}

/**
 * Promise 1 among the players `eligible` to be chosen: nobody who has sat out sits out again while a
 * player who has not sat out plays. The numbers always allow it when everyone eligible is a single player
 * in the queue (the ones who sat out can always be chosen first).
 */
export function sitOutTwice(input: RotationInput, proposal: RotationProposal, eligible: (p: RotationPlayer) => boolean = () => true): string[] {
  const playing = playingIds(proposal);
  const fresh = input.players.filter((p) => eligible(p) && playing.has(p.id) && p.satOut === 0);
  const again = input.players.filter((p) => eligible(p) && !playing.has(p.id) && p.satOut > 0);
  return fresh.length > 0 && again.length > 0 ? [`${again[0]!.id} sits out again while ${fresh[0]!.id} plays without having sat out`] : [];
}

/** Promise 2: after this round, games played by players present throughout differ by at most one. */
export function playedGap(input: RotationInput, proposal: RotationProposal): string[] {
  const playing = playingIds(proposal);
  const after = input.players.filter((p) => p.presentThroughout).map((p) => p.played + (playing.has(p.id) ? 1 : 0));
  if (after.length === 0) return [];
  const gap = Math.max(...after) - Math.min(...after);
  return gap > 1 ? [`games played differ by ${gap}`] : [];
}

/**
 * Whether `ids` can be split into pairs none of which has a count in `used` (a perfect matching of unused
 * pairings), by a depth-first search from the player with the fewest options. `undefined` when the search
 * budget runs out before an answer.
 */
export function allNewPairingExists(ids: string[], used: (a: string, b: string) => boolean, budget = 200_000): boolean | undefined {
  let steps = 0;
  const search = (left: string[]): boolean | undefined => {
    if (left.length === 0) return true;
    if ((steps += 1) > budget) return undefined;
    let pick = left[0]!;
    let options = left.filter((x) => x !== pick && !used(pick, x));
    for (const id of left) {
      const mine = left.filter((x) => x !== id && !used(id, x));
      if (mine.length < options.length) [pick, options] = [id, mine];
    }
    let unknown = false;
    for (const other of options) {
      const found = search(left.filter((x) => x !== pick && x !== other));
      if (found) return true;
      if (found === undefined) unknown = true;
    }
    return unknown ? undefined : false;
  };
  return search(ids);
}

/**
 * Promise 3: no partnership repeats while the players on court could all have been paired anew. For
 * singles (and fixed pairs, whose units meet) the same about opponents. Returns `undecided` when the
 * search could not tell.
 */
export function repeats(input: RotationInput, proposal: RotationProposal): { problems: string[]; undecided: boolean } {
  const partners = countsOf(input.partners);
  const opponents = countsOf(input.opponents);
  let units: string[][];
  let repeated: string[];
  let used: (a: string, b: string) => boolean;
  if (input.format === 'ROTATING_DOUBLES') {
    units = proposal.matches.flatMap((m) => [...m.sides[0], ...m.sides[1]]).map((id) => [id]);
    used = (a, b) => (partners.get(pairKey(a, b)) ?? 0) > 0;
    repeated = proposal.matches.flatMap((m) => m.sides.filter((s) => used(s[0]!, s[1]!)).map((s) => s.join('–')));
  } else if (input.format === 'SINGLES' || input.format === 'FIXED_PAIRS') {
    units = proposal.matches.flatMap((m) => m.sides);
    const met = (a: string[], b: string[]) => a.some((x) => b.some((y) => (opponents.get(pairKey(x, y)) ?? 0) > 0));
    const byKey = new Map(units.map((u) => [u.join('+'), u]));
    used = (a, b) => met(byKey.get(a)!, byKey.get(b)!);
    repeated = proposal.matches.filter((m) => met(m.sides[0], m.sides[1])).map((m) => `${m.sides[0].join('+')} v ${m.sides[1].join('+')}`);
  } else {
    return { problems: [], undecided: false };
  }
  if (repeated.length === 0) return { problems: [], undecided: false };
  const exists = allNewPairingExists(
    units.map((u) => u.join('+')),
    used,
  );
  if (exists === undefined) return { problems: [], undecided: true };
  return { problems: exists ? [`${repeated.join(', ')} repeat though an all-new pairing exists`] : [], undecided: false };
}

/**
 * Promise 4, as the module can keep it: no exchange of two players (within a match, or between two
 * matches) gives fewer repeated partnerships, or as few and more even sides (sum of mu) by more than
 * a rounding margin. Rotating doubles and singles.
 */
export function evenSides(input: RotationInput, proposal: RotationProposal, margin = 1e-3): string[] {
  if (input.format !== 'ROTATING_DOUBLES' && input.format !== 'SINGLES') return [];
  const partners = countsOf(input.partners);
  const opponents = countsOf(input.opponents);
  const mu = new Map(input.players.map((p) => [p.id, p.rating.mu]));
  const slots = proposal.matches.flatMap((m) => [...m.sides[0], ...m.sides[1]]);
  const per = input.format === 'SINGLES' ? 2 : 4;
  const cost = (at: number): [number, number] => {
    const m = slots.slice(at, at + per);
    if (per === 2) return [(opponents.get(pairKey(m[0]!, m[1]!)) ?? 0) > 0 ? 1 : 0, Math.abs(mu.get(m[0]!)! - mu.get(m[1]!)!)];
    const rep = ((partners.get(pairKey(m[0]!, m[1]!)) ?? 0) > 0 ? 1 : 0) + ((partners.get(pairKey(m[2]!, m[3]!)) ?? 0) > 0 ? 1 : 0);
    return [rep, Math.abs(mu.get(m[0]!)! + mu.get(m[1]!)! - mu.get(m[2]!)! - mu.get(m[3]!)!)];
  };
  for (let i = 0; i < slots.length; i += 1) {
    for (let j = i + 1; j < slots.length; j += 1) {
      const [mi, mj] = [i - (i % per), j - (j % per)];
      const total = () => {
        const [r1, g1] = cost(mi);
        const [r2, g2] = mi === mj ? [0, 0] : cost(mj);
        return [r1 + r2, g1 + g2] as const;
      };
      const before = total();
      [slots[i], slots[j]] = [slots[j]!, slots[i]!];
      const after = total();
      [slots[i], slots[j]] = [slots[j]!, slots[i]!];
      if (after[0] < before[0] || (after[0] === before[0] && after[1] < before[1] - margin)) {
        return [
          `exchanging ${slots[i]} and ${slots[j]} gives ${after[0]} repeats and a gap of ${after[1].toFixed(3)}, not ${before[0]} and ${before[1].toFixed(3)}`,
        ];
      }
    }
  }
  return [];
}

/**
 * "Longest rest first breaks ties": nobody resting is ahead of someone chosen to play, ahead meaning
 * sat out more, or as often and played fewer, or both the same and resting since earlier.
 */
export function frontOfQueue(input: RotationInput, proposal: RotationProposal): string[] {
  const playing = playingIds(proposal);
  const ahead = (a: RotationPlayer, b: RotationPlayer) =>
    a.satOut > b.satOut || (a.satOut === b.satOut && (a.played < b.played || (a.played === b.played && a.restingSince < b.restingSince)));
  const chosen = input.players.filter((p) => playing.has(p.id));
  for (const waiting of input.players.filter((p) => !playing.has(p.id))) {
    const passed = chosen.find((p) => ahead(waiting, p));
    if (passed) return [`${waiting.id} waits though ahead of ${passed.id}`];
  }
  return [];
}
