import { History } from './history.ts';
import { list, nameOf, reasonFor, type ReasonContext } from './reasons.ts';
import type { ProposedMatch, RotationInput, RotationProposal, Swap, SwapCost } from './rotation.types.ts';

/**
 * A host's swap before the round starts: `in` takes `out`'s place (and `out` takes `in`'s, when `in`
 * was on another court or resting). Never refused: the answer is the changed proposal and, in words,
 * each promise the swap breaks that the proposal kept. An empty list means the swap costs nothing.
 */
export function swapCost(input: RotationInput, proposal: RotationProposal, swap: Swap): SwapCost {
  const history = new History(input);
  const context: ReasonContext = { players: new Map(input.players.map((p) => [p.id, p])), history, now: input.now };
  const name = (id: string) => nameOf(context, id);
  const onCourt = (id: string) => proposal.matches.some((m) => m.sides[0].includes(id) || m.sides[1].includes(id));
  if (swap.out === swap.in) return { proposal, costs: [] };
  if (!onCourt(swap.out) && !onCourt(swap.in)) return { proposal, costs: [`Neither ${name(swap.out)} nor ${name(swap.in)} is on a court: nothing changes`] };
  const exchange = (id: string) => (id === swap.out ? swap.in : id === swap.in ? swap.out : id);
  const matches: ProposedMatch[] = proposal.matches.map((match) => {
    const sides: [string[], string[]] = [match.sides[0].map(exchange), match.sides[1].map(exchange)];
    const changed = sides.flat().some((id, k) => id !== [...match.sides[0], ...match.sides[1]][k]);
    if (!changed) return match;
    const kind = input.format === 'FIXED_PAIRS' ? 'pairs' : sides[0].length === 1 ? 'singles' : 'doubles';
    const had = (id: string) => match.sides[0].includes(id) || match.sides[1].includes(id);
    const lead =
      had(swap.out) && had(swap.in)
        ? `${name(swap.out)} and ${name(swap.in)} change sides (host's swap)`
        : had(swap.out)
          ? `${name(swap.in)} in for ${name(swap.out)} (host's swap)`
          : `${name(swap.out)} in for ${name(swap.in)} (host's swap)`;
    return { court: match.court, sides, reason: reasonFor(sides, kind, context, { lead }) };
  });
  const playing = new Set(matches.flatMap((m) => m.sides.flat()));
  const known = new Set(input.players.map((p) => p.id));
  const order = [...proposal.resting.map(exchange), ...(playing.has(swap.out) ? [] : [swap.out]), ...(playing.has(swap.in) ? [] : [swap.in])];
  const resting = [...new Set(order)].filter((id) => !playing.has(id) && known.has(id));
  const changed: RotationProposal = { matches, resting };

  const costs: string[] = [];
  if (!known.has(swap.in) && playing.has(swap.in)) costs.push(`${swap.in} is not in the queue (not checked in, leaving or on a court)`);
  const before = new Map(breaches(input, proposal, history, context));
  for (const [key, words] of breaches(input, changed, history, context)) if (!before.has(key)) costs.push(words);
  costs.push(...balanceCosts(proposal, changed, context), ...streakCosts(input, proposal, changed, context));
  return { proposal: changed, costs };
}

/** Every promise a proposal breaks, keyed so that a swap's new breaches can be told apart. */
function* breaches(input: RotationInput, proposal: RotationProposal, history: History, context: ReasonContext): Generator<[string, string]> {
  const playing = input.players.filter((p) => proposal.matches.some((m) => m.sides.flat().includes(p.id)));
  yield* restBreaches(input, proposal, playing);
  yield* countBreaches(input, playing, context);
  for (const match of proposal.matches) yield* pairingBreaches(input, match, history, context);
}

/** Nobody sits out a second time while someone present has not sat out once. */
function* restBreaches(input: RotationInput, proposal: RotationProposal, playing: RotationInput['players']): Generator<[string, string]> {
  const fresh = playing.filter((p) => p.satOut === 0).sort((a, b) => a.name.localeCompare(b.name));
  if (fresh.length === 0) return;
  for (const player of input.players.filter((p) => proposal.resting.includes(p.id) && p.satOut > 0)) {
    yield [
      `sits:${player.id}`,
      `${player.name} sits out again while ${list(fresh.slice(0, 2).map((p) => p.name))} ${fresh.length === 1 ? 'has' : 'have'} not sat out yet`,
    ];
  }
}

/** Games played differ by at most one between players present the whole time. */
function* countBreaches(input: RotationInput, playing: RotationInput['players'], context: ReasonContext): Generator<[string, string]> {
  const throughout = input.players.filter((p) => p.presentThroughout);
  const after = (id: string) => context.players.get(id)!.played + (playing.some((p) => p.id === id) ? 1 : 0);
  for (const high of throughout) {
    for (const low of throughout) {
      const gap = after(high.id) - after(low.id);
      if (gap > 1) yield [`gap:${high.id}:${low.id}`, `${high.name} will have played ${gap} games more than ${low.name}`];
    }
  }
}

/** No partner repeats (fixed pairs stay together), and in singles or pairs no meeting repeats. */
function* pairingBreaches(
  input: RotationInput,
  match: RotationProposal['matches'][number],
  history: History,
  context: ReasonContext,
): Generator<[string, string]> {
  const name = (id: string) => nameOf(context, id);
  for (const side of match.sides) {
    const [a, b] = side;
    if (a === undefined || b === undefined) continue;
    const times = history.partnered(a, b);
    if (input.format !== 'FIXED_PAIRS' && times > 0) yield [`partner:${[a, b].sort().join(':')}`, `${name(a)}–${name(b)} partnered before (${times}×)`];
    const [pa, pb] = [context.players.get(a)?.pairId, context.players.get(b)?.pairId];
    if (input.format === 'FIXED_PAIRS' && pa !== pb) yield [`split:${[a, b].sort().join(':')}`, `${name(a)} and ${name(b)} are not a fixed pair`];
  }
  if (input.format !== 'SINGLES' && input.format !== 'FIXED_PAIRS') return;
  const [a, b] = [match.sides[0][0]!, match.sides[1][0]!];
  const met = match.sides[0].some((x) => match.sides[1].some((y) => history.faced(x, y) > 0));
  if (met) yield [`met:${[a, b].sort().join(':')}`, `${list(match.sides[0].map(name))} and ${list(match.sides[1].map(name))} have played each other before`];
}

function balanceCosts(before: RotationProposal, after: RotationProposal, context: ReasonContext): string[] {
  const sum = (side: string[]) => side.reduce((total, id) => total + (context.players.get(id)?.rating.mu ?? 0), 0);
  const costs: string[] = [];
  for (const match of after.matches) {
    const old = before.matches.find((m) => m.court === match.court);
    if (!old || old === match) continue;
    const [a, b] = [sum(match.sides[0]), sum(match.sides[1])];
    const [a0, b0] = [sum(old.sides[0]), sum(old.sides[1])];
    if (Math.abs(a - b) > Math.abs(a0 - b0) + 0.5) {
      costs.push(`Court ${match.court}: sides less even (${Math.round(a)} v ${Math.round(b)} by rating, was ${Math.round(a0)} v ${Math.round(b0)})`);
    }
  }
  return costs;
}

/** WINNER_STAYS: a swap that breaks up a side staying on its court ends its streak. */
function streakCosts(input: RotationInput, before: RotationProposal, after: RotationProposal, context: ReasonContext): string[] {
  if (input.format !== 'WINNER_STAYS') return [];
  const costs: string[] = [];
  for (const last of input.winners ?? []) {
    const stays = (match: ProposedMatch | undefined) =>
      match !== undefined && match.sides[0].length === last.side.length && last.side.every((id) => match.sides[0].includes(id));
    if (stays(before.matches.find((m) => m.court === last.court)) && !stays(after.matches.find((m) => m.court === last.court))) {
      costs.push(`Court ${last.court}: ${list(last.side.map((id) => nameOf(context, id)))} no longer stay on together (${last.streak} in a row)`);
    }
  }
  return costs;
}
