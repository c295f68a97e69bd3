import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StatementNames } from './statement-names.ts';

describe('StatementNames', () => {
  it('gives one text the same name every time, and different texts different names', () => {
    const names = new StatementNames('page');
    const first = names.for('SELECT 1');
    assert.match(first!, /^page_[0-9a-f]{20}$/);
    assert.equal(names.for('SELECT 1'), first);
    assert.equal(new StatementNames('page').for('SELECT 1'), first, 'the same on every instance and connection');
    assert.notEqual(names.for('SELECT 2'), first);
  });

  it('stops naming new texts past its bound, and keeps the names it gave', () => {
    const names = new StatementNames('page');
    const given = Array.from({ length: 200 }, (_, i) => names.for(`SELECT ${i}`));
    assert.ok(given.every((name) => name !== undefined));
    assert.equal(names.for('SELECT 200'), undefined);
    assert.equal(names.for('SELECT 7'), given[7]);
  });
});
