import type { History } from './history.ts';
import type { RotationPlayer } from './rotation.types.ts';

export type MatchKind = 'doubles' | 'singles' | 'pairs';

export interface ReasonContext {
  players: Map<string, RotationPlayer>;
  history: History;
  now: number;
}

/** "Ana and Ben" / "Ana, Ben and Cy". */
export function list(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function nameOf(context: ReasonContext, id: string): string {
  return context.players.get(id)?.name ?? id;
}

function strength(context: ReasonContext, side: string[]): number {
  return side.reduce((sum, id) => sum + (context.players.get(id)?.rating.mu ?? 0), 0);
}

/**
 * Why these players, in these sides: who waited, which pairings are new, how even the sides are. A
 * `lead` comes first (a host's swap, winners staying); when `staying`, side one is the winners, whose
 * partnership is not the rotation's choice, so only the challengers are described.
 */
export function reasonFor(sides: [string[], string[]], kind: MatchKind, context: ReasonContext, options: { lead?: string; staying?: boolean } = {}): string {
  const parts: string[] = [];
  if (options.lead) parts.push(options.lead);
  const described: [string[], string[]] = options.staying ? [[], sides[1]] : sides;
  const everyone = described
    .flat()
    .map((id) => context.players.get(id))
    .filter((p): p is RotationPlayer => p !== undefined);
  const satOut = everyone.filter((p) => p.satOut > 0).sort((a, b) => b.satOut - a.satOut || a.restingSince - b.restingSince);
  if (satOut.length > 0 && !options.staying) {
    parts.push(`${list(satOut.map((p) => p.name))} sat out before`);
  } else if (!options.lead && everyone.length > 0) {
    const longest = Math.min(...everyone.map((p) => p.restingSince));
    const waited = everyone.filter((p) => p.restingSince === longest);
    const minutes = Math.round((context.now - longest) / 60_000);
    // Everyone off court together says nothing about who waited.
    if (waited.length < everyone.length && minutes > 0) parts.push(`${list(waited.map((p) => p.name))} waited longest (${minutes} min)`);
  }
  if (options.staying) {
    // The challengers are the front of the queue, not a choice of partners: say whether they are new together, nothing more.
    const [a, b] = sides[1];
    if (a !== undefined && b !== undefined) {
      const pair = `${nameOf(context, a)}–${nameOf(context, b)}`;
      parts.push(context.history.partnered(a, b) === 0 ? `${pair} have not partnered` : `${pair} partnered before`);
    }
  } else {
    parts.push(...pairingWords(sides, kind, context));
  }
  const [a, b] = [strength(context, sides[0]), strength(context, sides[1])];
  parts.push(`sides ${Math.round(a)} v ${Math.round(b)} by rating`);
  return parts.join('; ');
}

function pairingWords(sides: [string[], string[]], kind: MatchKind, context: ReasonContext): string[] {
  const name = (id: string) => nameOf(context, id);
  if (kind === 'singles') {
    const [a, b] = [sides[0][0]!, sides[1][0]!];
    return [context.history.faced(a, b) === 0 ? `${name(a)} and ${name(b)} have not played each other` : `${name(a)} and ${name(b)} meet again`];
  }
  const pairs = sides.filter((side) => side.length === 2).map((side) => [side[0]!, side[1]!] as const);
  if (kind === 'pairs') {
    const met = sides[0].some((a) => sides[1].some((b) => context.history.faced(a, b) > 0));
    const label = list(pairs.map(([a, b]) => `${name(a)}–${name(b)}`));
    return [met ? `${label} meet again` : `${label} have not met`];
  }
  const fresh = pairs.filter(([a, b]) => context.history.partnered(a, b) === 0).map(([a, b]) => `${name(a)}–${name(b)}`);
  const again = pairs.filter(([a, b]) => context.history.partnered(a, b) > 0).map(([a, b]) => `${name(a)}–${name(b)}`);
  const words: string[] = [];
  if (fresh.length > 0) words.push(`${list(fresh)} have not partnered`);
  if (again.length > 0) words.push(`${list(again)} partner again (no new pairing was left)`);
  return words;
}
