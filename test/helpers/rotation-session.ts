import { proposeRound } from '../../src/modules/game-day/rotation/index.ts';
import type { GameDayFormat, PairCount, RotationInput, RotationPlayer, RotationProposal } from '../../src/modules/game-day/rotation/index.ts';
import { seededRandom } from '../../src/modules/game-day/rotation/random.ts';

/** A session to play out: who is there at the start, who arrives or leaves before which round. */
export interface SessionPlan {
  format: GameDayFormat;
  players: number;
  courts: number;
  rounds: number;
  seed: number;
  /** Before round `round` (1-based): someone new arrives, or the `pick`-th player present leaves. */
  events: Array<{ round: number; kind: 'arrive' | 'leave'; pick: number }>;
  winnerStaysCap?: number;
  /** Per court: each step fills the one court that frees first, the others keep playing. */
  perCourt?: boolean;
}

export interface SessionStep {
  step: number;
  input: RotationInput;
  proposal: RotationProposal;
}

const MINUTE = 60_000;
const START = Date.UTC(2033, 2, 14, 19, 0);
export const MOST_PLAYERS = 60;

interface State extends RotationPlayer {
  present: boolean;
}

const key = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);
const counts = (map: Map<string, number>): PairCount[] =>
  [...map].map(([pair, count]) => {
    const [a, b] = pair.split(' ') as [string, string];
    return { a, b, count };
  });

/**
 * Plays a session out the way game day would: each step asks for a proposal, starts it as proposed,
 * draws a result and brings the players back (per round: all at once; per court: one court at a time).
 * Yields each input with its proposal before applying it, so a test can check the proposal.
 */
export function* playSession(plan: SessionPlan): Generator<SessionStep> {
  const random = seededRandom(plan.seed ^ 0x5bd1e995);
  const everyone: State[] = [];
  const partners = new Map<string, number>();
  const opponents = new Map<string, number>();
  const winners = new Map<number, { side: string[]; streak: number }>();
  const running = new Map<number, { ids: string[]; endsAt: number }>();
  let now = START;
  const join = (throughout: boolean) => {
    const n = everyone.length;
    // Initial players come in pairs (p0+p1, …); late arrivals pair among themselves.
    everyone.push({
      id: `p${String(n).padStart(2, '0')}`,
      name: `P${n}`,
      rating: { mu: 15 + random() * 20, sigma: 4 + random() * 4 },
      played: 0,
      satOut: 0,
      restingSince: now,
      presentThroughout: throughout,
      pairId: `pair${Math.floor(n / 2)}${throughout ? '' : 'late'}`,
      present: true,
    });
  };
  for (let i = 0; i < plan.players; i += 1) join(true);

  for (let step = 1; step <= plan.rounds; step += 1) {
    for (const event of plan.events.filter((e) => e.round === step)) {
      const present = everyone.filter((p) => p.present);
      if (event.kind === 'arrive' && present.length < MOST_PLAYERS) join(false);
      if (event.kind === 'leave' && present.length > 0) {
        const leaving = present[event.pick % present.length]!;
        leaving.present = false;
        leaving.presentThroughout = false;
      }
    }
    if (plan.perCourt && running.size > 0) {
      // The court that finishes first frees; its players come off and join the queue.
      const [court, match] = [...running].sort((a, b) => a[1].endsAt - b[1].endsAt || a[0] - b[0])[0]!;
      running.delete(court);
      now = Math.max(now, match.endsAt);
      for (const id of match.ids) everyone.find((p) => p.id === id)!.restingSince = now;
    }
    const freeCourts = Array.from({ length: plan.courts }, (_, i) => i + 1).filter((court) => !running.has(court));
    const busy = new Set([...running.values()].flatMap((m) => m.ids));
    const players = everyone.filter((p) => p.present && !busy.has(p.id)).map(({ present: _, ...player }) => ({ ...player, rating: { ...player.rating } }));
    const input: RotationInput = {
      format: plan.format,
      freeCourts,
      players,
      partners: counts(partners),
      opponents: counts(opponents),
      winners: [...winners].map(([court, w]) => ({ court, side: [...w.side], streak: w.streak })),
      ...(plan.winnerStaysCap === undefined ? {} : { winnerStaysCap: plan.winnerStaysCap }),
      now,
      seed: plan.seed + step,
    };
    const proposal = proposeRound(input);
    yield { step, input, proposal };

    const length = (10 + random() * 10) * MINUTE;
    const playing = new Set<string>();
    for (const match of proposal.matches) {
      const [a, b] = match.sides;
      [...a, ...b].forEach((id) => playing.add(id));
      for (const side of match.sides) if (side.length === 2) partners.set(key(side[0]!, side[1]!), (partners.get(key(side[0]!, side[1]!)) ?? 0) + 1);
      for (const x of a) for (const y of b) opponents.set(key(x, y), (opponents.get(key(x, y)) ?? 0) + 1);
      const won = random() < 0.5 ? a : b;
      const lost = won === a ? b : a;
      const last = winners.get(match.court);
      const kept = last !== undefined && last.side.length === won.length && last.side.every((id) => won.includes(id));
      winners.set(match.court, { side: [...won], streak: kept ? last.streak + 1 : 1 });
      for (const id of won) everyone.find((p) => p.id === id)!.rating.mu += 0.5;
      for (const id of lost) everyone.find((p) => p.id === id)!.rating.mu -= 0.5;
      running.set(match.court, { ids: [...a, ...b], endsAt: now + length * (0.8 + random() * 0.4) });
    }
    for (const court of freeCourts) if (!proposal.matches.some((m) => m.court === court)) winners.delete(court);
    for (const player of everyone.filter((p) => p.present && !busy.has(p.id))) {
      if (playing.has(player.id)) player.played += 1;
      else if (playing.size > 0 && !plan.perCourt) player.satOut += 1;
    }
    if (!plan.perCourt) {
      // Per round: everyone comes off together when the longest match ends.
      now = Math.max(now, ...[...running.values()].map((m) => m.endsAt));
      for (const id of playing) everyone.find((p) => p.id === id)!.restingSince = now;
      running.clear();
    }
  }
}
