import { arrange } from './arrange.ts';
import { History, queueOrder } from './history.ts';
import { seededRandom } from './random.ts';
import { list, nameOf, reasonFor, type MatchKind, type ReasonContext } from './reasons.ts';
import type { ProposedMatch, RotationInput, RotationPlayer, RotationProposal } from './rotation.types.ts';

export { swapCost } from './swap.ts';

/** WINNER_STAYS without a cap from the host: a winning side stays on for at most this many wins in a row. */
export const DEFAULT_WINNER_STAYS_CAP = 2;

/**
 * Proposes the next matches for the free courts: all courts for a round, one court when per court (the
 * same function either way). Pure: the same input and seed always give the same proposal.
 */
export function proposeRound(input: RotationInput): RotationProposal {
  const random = seededRandom(input.seed);
  const history = new History(input);
  const context: ReasonContext = { players: new Map(input.players.map((p) => [p.id, p])), history, now: input.now };
  const courts = [...new Set(input.freeCourts)].sort((a, b) => a - b);
  const order = queueOrder(input.players, random);
  let queue = order;
  const matches: ProposedMatch[] = [];

  if (input.format === 'WINNER_STAYS') {
    const stays = winnersStaying(input, courts, queue, context);
    matches.push(...stays.matches);
    queue = queue.filter((p) => !stays.taken.has(p.id));
    const left = courts.filter((court) => !stays.matches.some((m) => m.court === court));
    matches.push(...rotate(left, queue, 4, 'doubles', history, context, random));
  } else if (input.format === 'FIXED_PAIRS') {
    matches.push(...fixedPairs(courts, queue, history, context, random));
  } else if (input.format === 'SINGLES') {
    matches.push(...rotate(courts, queue, 2, 'singles', history, context, random));
  } else {
    matches.push(...rotate(courts, queue, 4, 'doubles', history, context, random));
  }
  matches.sort((a, b) => a.court - b.court);
  const playing = new Set(matches.flatMap((m) => [...m.sides[0], ...m.sides[1]]));
  return { matches, resting: order.filter((p) => !playing.has(p.id)).map((p) => p.id) };
}

/** Units (players or fixed pairs) in queue order fill as many courts as they can; `arrange` builds the matches. */
interface Unit {
  ids: string[];
  mu: number;
}

function fill(courts: number[], units: Unit[], perMatch: 2 | 4, kind: MatchKind, history: History, context: ReasonContext, random: () => number) {
  const count = Math.min(courts.length * perMatch, units.length - (units.length % perMatch));
  const chosen = units.slice(0, count);
  const together = new Float64Array(count * count);
  const against = new Float64Array(count * count);
  for (let i = 0; i < count; i += 1) {
    for (let j = i + 1; j < count; j += 1) {
      const [a, b] = [chosen[i]!.ids, chosen[j]!.ids];
      // Only single players partner in a rotation; units of a fixed pair meet if any of their members did.
      const partnered = a.length === 1 && b.length === 1 ? history.partnered(a[0]!, b[0]!) : 0;
      let faced = 0;
      for (const x of a) for (const y of b) faced = Math.max(faced, history.faced(x, y));
      together[i * count + j] = together[j * count + i] = partnered;
      against[i * count + j] = against[j * count + i] = faced;
    }
  }
  const slots = arrange({ count, perMatch, strength: chosen.map((u) => u.mu), together, against, random });
  const matches: ProposedMatch[] = [];
  for (let at = 0, c = 0; at < slots.length; at += perMatch, c += 1) {
    const ids = slots.slice(at, at + perMatch).map((k) => chosen[k]!.ids);
    const half = perMatch / 2;
    const sides: [string[], string[]] = [ids.slice(0, half).flat(), ids.slice(half).flat()];
    matches.push({ court: courts[c]!, sides, reason: reasonFor(sides, kind, context) });
  }
  return matches;
}

function rotate(courts: number[], queue: RotationPlayer[], perMatch: 2 | 4, kind: MatchKind, history: History, context: ReasonContext, random: () => number) {
  return fill(
    courts,
    queue.map((p) => ({ ids: [p.id], mu: p.rating.mu })),
    perMatch,
    kind,
    history,
    context,
    random,
  );
}

/**
 * FIXED_PAIRS: a pair plays together, pairs rotate. A pair is in the queue where its more urgent member
 * is. Players whose pair is absent (or who have none) are paired among themselves in queue order, so
 * nobody is left out for a missing partner.
 */
function fixedPairs(courts: number[], queue: RotationPlayer[], history: History, context: ReasonContext, random: () => number) {
  const byPair = new Map<string, RotationPlayer[]>();
  for (const player of queue) if (player.pairId !== undefined) byPair.set(player.pairId, [...(byPair.get(player.pairId) ?? []), player]);
  const units: Unit[] = [];
  const placed = new Set<string>();
  let waiting: RotationPlayer | undefined;
  for (const player of queue) {
    if (placed.has(player.id)) continue;
    const pair = player.pairId === undefined ? undefined : byPair.get(player.pairId);
    const members = pair && pair.length >= 2 ? pair.slice(0, 2) : undefined;
    if (members) {
      members.forEach((m) => placed.add(m.id));
      units.push({ ids: members.map((m) => m.id), mu: members[0]!.rating.mu + members[1]!.rating.mu });
    } else if (waiting) {
      placed.add(player.id);
      units.push({ ids: [waiting.id, player.id], mu: waiting.rating.mu + player.rating.mu });
      waiting = undefined;
    } else {
      placed.add(player.id);
      waiting = player;
    }
  }
  return fill(courts, units, 2, 'pairs', history, context, random);
}

/**
 * WINNER_STAYS: on each free court whose last winners are all back in the queue and below the cap,
 * they stay; the challengers are the next in the queue. Courts without staying winners rotate doubles.
 */
function winnersStaying(input: RotationInput, courts: number[], queue: RotationPlayer[], context: ReasonContext) {
  const cap = input.winnerStaysCap ?? DEFAULT_WINNER_STAYS_CAP;
  const present = new Set(queue.map((p) => p.id));
  const staying = new Set<string>();
  const eligible = courts.flatMap((court) => {
    const last = input.winners?.find((w) => w.court === court);
    if (!last || last.side.length === 0 || last.streak >= cap || !last.side.every((id) => present.has(id) && !staying.has(id))) return [];
    last.side.forEach((id) => staying.add(id));
    return [{ court, last }];
  });
  // Challengers come from the queue without any side that stays, so one court's winners never challenge on another.
  const challengers = queue.filter((p) => !staying.has(p.id));
  const taken = new Set<string>();
  const matches: ProposedMatch[] = [];
  for (const { court, last } of eligible) {
    const next = challengers.splice(0, last.side.length);
    if (next.length < last.side.length) break;
    const sides: [string[], string[]] = [[...last.side], next.map((p) => p.id)];
    sides.flat().forEach((id) => taken.add(id));
    const winners = list(last.side.map((id) => nameOf(context, id)));
    const lead = `${winners} stay on (${last.streak} ${last.streak === 1 ? 'win' : 'wins'} in a row); ${list(next.map((p) => p.name))} ${next.length === 1 ? 'is' : 'are'} next in the queue`;
    matches.push({ court, sides, reason: reasonFor(sides, last.side.length === 1 ? 'singles' : 'doubles', context, { lead, staying: true }) });
  }
  return { matches, taken };
}
