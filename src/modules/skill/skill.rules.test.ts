import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { afterMatch, START, SUGGEST_AFTER_GAMES, suggestedIndex } from './skill.rules.ts';

describe('skill rules: how a result moves ratings and how a rating reads on a ladder', () => {
  it('the winning side gains what the losing side loses; both grow more certain', () => {
    const [a, b] = afterMatch([START, START], [START, START], 'B');
    for (const after of a) assert.ok(after.mu < START.mu && after.sigma < START.sigma);
    for (const after of b) assert.ok(after.mu > START.mu && after.sigma < START.sigma);
    assert.ok(Math.abs(a[0]!.mu - START.mu - (START.mu - b[0]!.mu)) < 1e-9, 'symmetric for equal sides');
  });

  it('a draw between equal sides moves nobody’s estimate, only its certainty', () => {
    const [[a], [b]] = afterMatch([START], [START], null);
    assert.ok(Math.abs(a!.mu - START.mu) < 1e-9 && Math.abs(b!.mu - START.mu) < 1e-9);
    assert.ok(a!.sigma < START.sigma);
  });

  it('an upset moves more than the expected result', () => {
    const strong = { mu: 32, sigma: 4 };
    const weak = { mu: 18, sigma: 4 };
    const [[expected]] = afterMatch([strong], [weak], 'A');
    const [[upset]] = afterMatch([strong], [weak], 'B');
    assert.ok(strong.mu - upset!.mu > expected!.mu - strong.mu);
  });

  it('suggests no level before enough games or without a ladder; then the share of the range the estimate falls in', () => {
    assert.equal(suggestedIndex(START, SUGGEST_AFTER_GAMES - 1, 3), null);
    assert.equal(suggestedIndex(START, SUGGEST_AFTER_GAMES, 0), null);
    assert.equal(suggestedIndex(START, SUGGEST_AFTER_GAMES, 3), 1, 'the starting estimate sits in the middle of three');
    assert.equal(suggestedIndex({ mu: 0, sigma: 1 }, 10, 3), 0, 'below the range: the lowest level');
    assert.equal(suggestedIndex({ mu: 60, sigma: 1 }, 10, 3), 2, 'above the range: the highest level');
    assert.equal(suggestedIndex({ mu: 35, sigma: 1 }, 10, 4), 3);
    assert.equal(suggestedIndex({ mu: 15, sigma: 1 }, 10, 4), 0);
  });
});
