import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRound, swapCost, type RotationInput, type RotationPlayer } from './index.ts';

const NOW = Date.UTC(2033, 2, 14, 19, 30);
const MINUTE = 60_000;

function player(name: string, extra: Partial<RotationPlayer> = {}): RotationPlayer {
  return {
    id: name.toLowerCase(),
    name,
    rating: { mu: 25, sigma: 25 / 3 },
    played: 0,
    satOut: 0,
    restingSince: NOW - 5 * MINUTE,
    presentThroughout: true,
    ...extra,
  };
}

function input(players: RotationPlayer[], extra: Partial<RotationInput> = {}): RotationInput {
  return { format: 'ROTATING_DOUBLES', freeCourts: [1], players, partners: [], opponents: [], now: NOW, seed: 7, ...extra };
}

const onCourt = (proposal: { matches: Array<{ sides: [string[], string[]] }> }) => proposal.matches.flatMap((m) => m.sides.flat()).sort();
const sidesOf = (proposal: { matches: Array<{ sides: [string[], string[]] }> }, k = 0) =>
  proposal.matches[k]!.sides.map((side) => [...side].sort().join('+')).sort();

describe('rotation: rotating doubles', () => {
  it('fills every free court, each player once, and says why', () => {
    const players = ['Ana', 'Ben', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'].map((name) => player(name));
    const proposal = proposeRound(input(players, { freeCourts: [2, 1] }));
    assert.deepEqual(
      proposal.matches.map((m) => m.court),
      [1, 2],
    );
    assert.deepEqual(onCourt(proposal), players.map((p) => p.id).sort());
    assert.deepEqual(proposal.resting, []);
    for (const match of proposal.matches) {
      assert.equal(match.sides[0].length, 2);
      assert.equal(match.sides[1].length, 2);
      assert.match(match.reason, /have not partnered/);
      assert.match(match.reason, /sides 50 v 50 by rating/);
    }
  });

  it('puts those who sat out on court first, then the fewest games, then the longest rest; the rest wait in that order', () => {
    const players = [
      player('Ana', { played: 2 }),
      player('Ben', { played: 2, restingSince: NOW - 20 * MINUTE }),
      player('Cy', { played: 1, satOut: 1 }),
      player('Di', { played: 1, satOut: 1 }),
      player('Ed', { played: 1 }),
      player('Flo', { played: 2, restingSince: NOW - 30 * MINUTE }),
    ];
    const proposal = proposeRound(input(players));
    assert.deepEqual(onCourt(proposal), ['cy', 'di', 'ed', 'flo']);
    assert.deepEqual(proposal.resting, ['ben', 'ana'], 'Ben has rested longer than Ana');
    assert.match(proposal.matches[0]!.reason, /^(Cy and Di|Di and Cy) sat out before/);
  });

  it('pairs people who have not partnered, even at some cost in balance', () => {
    const players = [
      player('Ana', { rating: { mu: 40, sigma: 3 } }),
      player('Ben', { rating: { mu: 30, sigma: 3 } }),
      player('Cy', { rating: { mu: 20, sigma: 3 } }),
      player('Di', { rating: { mu: 10, sigma: 3 } }),
    ];
    const fresh = proposeRound(input(players));
    assert.deepEqual(sidesOf(fresh), ['ana+di', 'ben+cy'], 'the most even sides: 50 v 50');

    const after = proposeRound(input(players, { partners: [{ a: 'ana', b: 'di', count: 1 }] }));
    assert.deepEqual(sidesOf(after), ['ana+cy', 'ben+di'], 'Ana–Di partnered, so the next most even: 60 v 40');
    assert.match(after.matches[0]!.reason, /(Ana–Cy|Cy–Ana|Ben–Di|Di–Ben) and (Ana–Cy|Cy–Ana|Ben–Di|Di–Ben) have not partnered/);
    assert.match(after.matches[0]!.reason, /sides (60 v 40|40 v 60) by rating/);
  });

  it('repeats a partnership only when every pairing has been used, and says so', () => {
    const players = ['Ana', 'Ben', 'Cy', 'Di'].map((name) => player(name));
    const partners = [
      { a: 'ana', b: 'ben', count: 1 },
      { a: 'ana', b: 'cy', count: 1 },
      { a: 'ana', b: 'di', count: 2 },
      { a: 'ben', b: 'cy', count: 2 },
      { a: 'ben', b: 'di', count: 1 },
      { a: 'cy', b: 'di', count: 1 },
    ];
    const proposal = proposeRound(input(players, { partners }));
    assert.equal(proposal.matches.length, 1);
    assert.match(proposal.matches[0]!.reason, /partner again \(no new pairing was left\)/);
  });

  it('finds the one all-new arrangement a greedy choice would miss', () => {
    // Eight players on two courts: the only new partnerships left are Ana–Ben, Cy–Di, Ed–Flo, Gus–Hal and
    // Ana–Cy; taking Ana–Cy would leave Ben and Di with no new partner.
    const players = ['Ana', 'Ben', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'].map((name) => player(name));
    const fresh = new Set(['ana:ben', 'cy:di', 'ed:flo', 'gus:hal', 'ana:cy']);
    const partners = players.flatMap((a, i) => players.slice(i + 1).flatMap((b) => (fresh.has(`${a.id}:${b.id}`) ? [] : [{ a: a.id, b: b.id, count: 1 }])));
    for (let seed = 0; seed < 20; seed += 1) {
      const proposal = proposeRound(input(players, { freeCourts: [1, 2], partners, seed }));
      const pairs = proposal.matches.flatMap((m) => m.sides.map((side) => [...side].sort().join(':'))).sort();
      assert.deepEqual(pairs, ['ana:ben', 'cy:di', 'ed:flo', 'gus:hal'], `seed ${seed}`);
    }
  });

  it('proposes one court when one court is free (per court), and nothing when four players are not there', () => {
    const players = ['Ana', 'Ben', 'Cy', 'Di', 'Ed'].map((name) => player(name));
    const proposal = proposeRound(input(players, { freeCourts: [3] }));
    assert.deepEqual(
      proposal.matches.map((m) => m.court),
      [3],
    );
    assert.equal(proposal.resting.length, 1);
    const tooFew = proposeRound(input(players.slice(0, 3), { freeCourts: [1, 2] }));
    assert.deepEqual(tooFew.matches, []);
    assert.deepEqual(tooFew.resting.sort(), ['ana', 'ben', 'cy']);
  });

  it('gives the same proposal for the same seed, and uses the seed to break ties', () => {
    const players = ['Ana', 'Ben', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy'].map((name) => player(name));
    const once = proposeRound(input(players, { freeCourts: [1, 2], seed: 42 }));
    assert.deepEqual(proposeRound(input([...players].reverse(), { freeCourts: [1, 2], seed: 42 })), once, 'the order players are given in does not matter');
    const seen = new Set<string>();
    for (let seed = 0; seed < 30; seed += 1) seen.add(proposeRound(input(players, { freeCourts: [1, 2], seed })).resting.join());
    assert.ok(seen.size > 1, 'with everyone equal, who waits depends on the seed');
  });
});

describe('rotation: singles, fixed pairs, winner stays', () => {
  it('SINGLES: one player a side, opponents who have not met first', () => {
    const players = ['Ana', 'Ben', 'Cy', 'Di', 'Ed'].map((name) => player(name));
    const opponents = [
      { a: 'ana', b: 'ben', count: 1 },
      { a: 'cy', b: 'di', count: 1 },
    ];
    const proposal = proposeRound(input(players.slice(0, 4), { format: 'SINGLES', freeCourts: [1, 2], opponents }));
    assert.equal(proposal.matches.length, 2);
    for (const match of proposal.matches) {
      assert.equal(match.sides[0].length + match.sides[1].length, 2);
      assert.match(match.reason, /have not played each other/);
      const ids = match.sides.flat().sort().join(':');
      assert.ok(ids !== 'ana:ben' && ids !== 'cy:di', ids);
    }
    assert.equal(proposeRound(input(players, { format: 'SINGLES', freeCourts: [1, 2] })).resting.length, 1);
  });

  it('FIXED_PAIRS: pairs stay together, pairs that have not met face each other, and a player whose pair is away plays with another such player', () => {
    const pairs = { ana: 'p1', ben: 'p1', cy: 'p2', di: 'p2', ed: 'p3', flo: 'p3', gus: 'p4', hal: 'p4', ivy: 'p5', jo: 'p6' };
    const players = Object.entries(pairs).map(([id, pairId]) => player(id[0]!.toUpperCase() + id.slice(1), { pairId }));
    const opponents = ['cy', 'di'].flatMap((x) => ['ana', 'ben'].map((y) => ({ a: y, b: x, count: 1 })));
    const proposal = proposeRound(input(players, { format: 'FIXED_PAIRS', freeCourts: [1, 2], opponents }));
    const sides = proposal.matches.flatMap((m) => m.sides.map((side) => [...side].sort().join('+')));
    for (const side of sides) assert.ok(['ana+ben', 'cy+di', 'ed+flo', 'gus+hal', 'ivy+jo'].includes(side), side);
    for (const match of proposal.matches) {
      const meeting = match.sides
        .map((side) => [...side].sort().join('+'))
        .sort()
        .join(' v ');
      assert.notEqual(meeting, 'ana+ben v cy+di', 'they met before');
      assert.match(match.reason, /have not met/);
    }
    assert.equal(proposal.resting.length, 2, 'five pairs on two courts: one pair waits');
  });

  it('WINNER_STAYS: the winners stay up to the cap, the challengers are next in the queue, other courts rotate', () => {
    const players = [
      player('Ana', { played: 1 }),
      player('Ben', { played: 1 }),
      player('Cy', { played: 0, satOut: 1, restingSince: NOW - 10 * MINUTE }),
      player('Di', { played: 0, satOut: 1 }),
      player('Ed', { played: 1 }),
      player('Flo', { played: 1 }),
      player('Gus', { played: 1 }),
      player('Hal', { played: 1 }),
      player('Ivy', { played: 1, restingSince: NOW - 60 * MINUTE }),
    ];
    const winners = [{ court: 1, side: ['ana', 'ben'], streak: 1 }];
    const proposal = proposeRound(input(players, { format: 'WINNER_STAYS', freeCourts: [1, 2], winners, winnerStaysCap: 2 }));
    const court1 = proposal.matches.find((m) => m.court === 1)!;
    assert.deepEqual(court1.sides, [
      ['ana', 'ben'],
      ['cy', 'di'],
    ]);
    assert.match(court1.reason, /^Ana and Ben stay on \(1 win in a row\); Cy and Di are next in the queue/);
    const court2 = proposal.matches.find((m) => m.court === 2)!;
    assert.ok(court2.sides.flat().includes('ivy'), 'Ivy rested longest of the rest');

    const given = input(players, { format: 'WINNER_STAYS', freeCourts: [1, 2], winners, winnerStaysCap: 2 });
    const waiting = proposal.resting[0]!;
    const swapped = swapCost(given, proposal, { out: 'ben', in: waiting });
    assert.deepEqual(swapped.proposal.matches.find((m) => m.court === 1)!.sides[0], ['ana', waiting]);
    assert.ok(swapped.costs.includes('Court 1: Ana and Ben no longer stay on together (1 in a row)'), swapped.costs.join(' | '));

    const capped = proposeRound(input(players, { format: 'WINNER_STAYS', freeCourts: [1, 2], winners: [{ ...winners[0]!, streak: 2 }], winnerStaysCap: 2 }));
    assert.ok(!capped.matches.some((m) => m.sides[0].join() === 'ana,ben' && m.sides[1].join() === 'cy,di'), 'two wins in a row reach the cap');
    assert.ok(!capped.matches.some((m) => /stay on/.test(m.reason)));
  });
});

describe('rotation: a host swap', () => {
  const players = [
    player('Ana', { satOut: 1, rating: { mu: 30, sigma: 3 } }),
    player('Ben', { satOut: 1 }),
    player('Cy', { satOut: 1 }),
    player('Di', { satOut: 1, rating: { mu: 20, sigma: 3 } }),
    player('Ed', { rating: { mu: 45, sigma: 3 } }),
  ];
  const partners = [{ a: 'ben', b: 'ed', count: 2 }];

  it('applies the swap and names each promise it breaks, without refusing', () => {
    const given = input(players, { partners });
    const proposal = proposeRound(given);
    assert.deepEqual(proposal.resting, ['ed']);
    const side = proposal.matches[0]!.sides.find((s) => s.includes('ben'))!;
    const { proposal: swapped, costs } = swapCost(given, proposal, { out: side.find((id) => id !== 'ben')!, in: 'ed' });
    assert.ok(onCourt(swapped).includes('ed'));
    assert.equal(swapped.resting.length, 1);
    assert.match(swapped.matches[0]!.reason, /^Ed in for \w+ \(host's swap\)/);
    assert.ok(
      costs.some((cost) => /sits out again while Ed has not sat out yet/.test(cost)),
      costs.join(' | '),
    );
    assert.ok(
      costs.some((cost) => /^(Ben–Ed|Ed–Ben) partnered before \(2×\)$/.test(cost)),
      costs.join(' | '),
    );
    assert.ok(
      costs.some((cost) => /^Court 1: sides less even/.test(cost)),
      costs.join(' | '),
    );
  });

  it('costs nothing when the swap keeps every promise, and changes nothing when neither is on a court', () => {
    const even = ['Ana', 'Ben', 'Cy', 'Di', 'Ed'].map((name) => player(name));
    const given = input(even);
    const proposal = proposeRound(given);
    const resting = proposal.resting[0]!;
    const { proposal: swapped, costs } = swapCost(given, proposal, { out: proposal.matches[0]!.sides[0][0]!, in: resting });
    assert.deepEqual(costs, []);
    assert.ok(onCourt(swapped).includes(resting));
    const eight = ['Ana', 'Ben', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'].map((name) => player(name));
    const two = proposeRound(input(eight, { freeCourts: [1, 2] }));
    const [first, second] = [two.matches[0]!.sides[0][0]!, two.matches[1]!.sides[1][1]!];
    const across = swapCost(input(eight, { freeCourts: [1, 2] }), two, { out: first, in: second });
    assert.ok(across.proposal.matches[0]!.sides[0].includes(second) && across.proposal.matches[1]!.sides[1].includes(first), 'the two change courts');
    assert.match(
      across.proposal.matches[0]!.reason,
      new RegExp(`^${eight.find((p) => p.id === second)!.name} in for ${eight.find((p) => p.id === first)!.name}`),
    );
    assert.match(
      across.proposal.matches[1]!.reason,
      new RegExp(`^${eight.find((p) => p.id === first)!.name} in for ${eight.find((p) => p.id === second)!.name}`),
    );
    assert.deepEqual(across.proposal.resting, []);

    const idle = swapCost(given, proposal, { out: resting, in: 'nobody' });
    assert.deepEqual(idle.proposal, proposal);
    assert.equal(idle.costs.length, 1);
  });
});
