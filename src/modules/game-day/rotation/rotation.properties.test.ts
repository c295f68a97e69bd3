import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { playSession, type SessionPlan, type SessionStep } from '../../../../test/helpers/rotation-session.ts';
import { evenSides, frontOfQueue, playedGap, repeats, sitOutTwice, structure } from '../../../../test/helpers/rotation-promises.ts';
import { proposeRound, type GameDayFormat, type RotationPlayer } from './index.ts';

/**
 * Random sessions (4–60 players, 1–15 courts, arrivals and departures between rounds) played out for up
 * to 12 rounds by applying each proposal with a random result; every proposal is checked against the
 * promises where the numbers allow them (see each check). Fixed fast-check seed: a failure replays.
 */
const RUNS = 120;
const SEED = 20331114;

function plans(formats: GameDayFormat[], extra: Partial<SessionPlan> = {}) {
  return fc.record({
    format: fc.constantFrom(...formats),
    players: fc.integer({ min: 4, max: 60 }),
    courts: fc.integer({ min: 1, max: 15 }),
    rounds: fc.integer({ min: 1, max: 12 }),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    events: fc.array(fc.record({ round: fc.integer({ min: 2, max: 12 }), kind: fc.constantFrom<'arrive' | 'leave'>('arrive', 'leave'), pick: fc.nat() }), {
      maxLength: 16,
    }),
    winnerStaysCap: fc.integer({ min: 1, max: 4 }),
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, fc.constant(v)])),
  }) as fc.Arbitrary<SessionPlan>;
}

function everyStep(plan: SessionPlan, check: (step: SessionStep) => string[]) {
  for (const step of playSession(plan)) {
    const problems = check(step);
    if (problems.length > 0) {
      throw new Error(`step ${step.step} (${step.input.players.length} players, courts ${step.input.freeCourts.join()}): ${problems.join('; ')}`);
    }
  }
}

describe('rotation: its promises over random sessions', () => {
  it('rotating doubles and singles, per round: everyone placed once, promises 1–4 kept', () => {
    let decided = 0;
    let undecided = 0;
    fc.assert(
      fc.property(plans(['ROTATING_DOUBLES', 'SINGLES']), (plan) => {
        everyStep(plan, ({ input, proposal }) => {
          const third = repeats(input, proposal);
          if (third.undecided) undecided += 1;
          else decided += 1;
          return [
            ...structure(input, proposal),
            ...sitOutTwice(input, proposal),
            ...playedGap(input, proposal),
            ...frontOfQueue(input, proposal),
            ...third.problems,
            ...evenSides(input, proposal),
          ];
        });
      }),
      { numRuns: RUNS, seed: SEED },
    );
    assert.ok(undecided <= decided / 100, `the repeat check could not decide ${undecided} of ${decided + undecided} proposals`);
  });

  it('fixed pairs: pairs play together, a pair that sat out is not passed over, pairs meet anew while they can', () => {
    fc.assert(
      fc.property(plans(['FIXED_PAIRS']), (plan) => {
        everyStep(plan, ({ input, proposal }) => {
          const byId = new Map(input.players.map((p) => [p.id, p]));
          const complete = (p: RotationPlayer) => input.players.filter((q) => q.pairId === p.pairId).length === 2;
          const problems: string[] = [];
          for (const side of proposal.matches.flatMap((m) => m.sides)) {
            const [a, b] = side.map((id) => byId.get(id)!);
            if (!a || !b) problems.push(`side ${side.join('+')} is not two players`);
            else if (complete(a) || complete(b) ? a.pairId !== b.pairId : false) problems.push(`${a.id} and ${b.id} split a pair`);
          }
          // A pair is as urgent as its more urgent member: no waiting pair one of whom sat out while a pair neither of whom did plays.
          const playing = new Set(proposal.matches.flatMap((m) => m.sides.flat()));
          const sides = proposal.matches.flatMap((m) => m.sides);
          const freshSide = sides.find((side) => side.every((id) => byId.get(id)!.satOut === 0));
          const waitingPair = input.players.find((p) => !playing.has(p.id) && complete(p) && p.satOut > 0);
          if (freshSide && waitingPair) problems.push(`${waitingPair.id}'s pair waits again while ${freshSide.join('+')} plays`);
          return [...structure(input, proposal), ...problems, ...repeats(input, proposal).problems];
        });
      }),
      { numRuns: RUNS / 2, seed: SEED },
    );
  });

  it('winner stays: winners below the cap stay on their court, the challengers and the other courts come from the front of the queue', () => {
    fc.assert(
      fc.property(plans(['WINNER_STAYS']), (plan) => {
        everyStep(plan, ({ input, proposal }) => {
          const problems: string[] = [];
          const present = new Set(input.players.map((p) => p.id));
          const eligible = (input.winners ?? []).filter(
            (w) => input.freeCourts.includes(w.court) && w.streak < input.winnerStaysCap! && w.side.every((id) => present.has(id)),
          );
          const staying = new Set(eligible.flatMap((w) => w.side));
          // Every eligible side stays when the queue without them holds a challenger for each.
          const enough = input.players.length - staying.size >= staying.size;
          for (const last of eligible) {
            const match = proposal.matches.find((m) => m.court === last.court);
            if (enough && match?.sides[0].join() !== last.side.join()) problems.push(`court ${last.court}: winners ${last.side.join('+')} did not stay`);
            if (match?.sides[0].join() !== last.side.join()) last.side.forEach((id) => staying.delete(id));
          }
          for (const match of proposal.matches) {
            const last = input.winners?.find((w) => w.court === match.court);
            if (/stay on/.test(match.reason) && (!last || last.streak >= input.winnerStaysCap!))
              problems.push(`court ${match.court}: winners stay past the cap`);
          }
          return [...structure(input, proposal), ...problems, ...sitOutTwice(input, proposal, (p) => !staying.has(p.id))];
        });
      }),
      { numRuns: RUNS / 2, seed: SEED },
    );
  });

  it('per court: each free court takes the front of the queue, and pairs anew while it can', () => {
    fc.assert(
      fc.property(plans(['ROTATING_DOUBLES', 'SINGLES'], { perCourt: true }), (plan) => {
        everyStep(plan, ({ input, proposal }) => [...structure(input, proposal), ...frontOfQueue(input, proposal), ...repeats(input, proposal).problems]);
      }),
      { numRuns: RUNS / 2, seed: SEED },
    );
  });

  it('is deterministic for a seed, whatever order the players come in', () => {
    fc.assert(
      fc.property(plans(['ROTATING_DOUBLES', 'SINGLES', 'FIXED_PAIRS', 'WINNER_STAYS']), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (plan, shuffle) => {
        everyStep(plan, ({ input, proposal }) => {
          assert.deepEqual(proposeRound(structuredClone(input)), proposal);
          const order = input.players.map((p, i) => ({ p, k: Math.imul(i + 1, shuffle) >>> 0 })).sort((a, b) => a.k - b.k);
          assert.deepEqual(proposeRound({ ...input, players: order.map((o) => o.p) }), proposal);
          return [];
        });
      }),
      { numRuns: RUNS / 4, seed: SEED },
    );
  });
});
