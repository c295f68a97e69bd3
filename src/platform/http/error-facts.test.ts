import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeError } from './error-facts.ts';

describe('error facts for the logs', () => {
  it('keeps the message, the code and the causes; a stack only where asked, as frames', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const error = new TypeError('Cannot read properties of undefined', { cause });
    const facts = describeError(error, { stack: true });
    assert.equal(facts.type, 'TypeError');
    assert.equal(facts.message, 'Cannot read properties of undefined');
    assert.deepEqual(facts.causes, [{ type: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }]);
    assert.match(facts.stack ?? '', /^\s+at .*error-facts\.test\.ts/);
    assert.equal(describeError(error).stack, undefined);
  });

  it("never logs a query's text: not in the message, and not in the stack's first line", () => {
    const failed = new Error('Failed query: SELECT * FROM users WHERE email = $1\nparams: pat@example.com');
    failed.name = 'DrizzleQueryError';
    const facts = describeError(failed, { stack: true });
    assert.equal(facts.message, undefined);
    assert.ok(facts.stack, 'the frames are kept');
    assert.doesNotMatch(JSON.stringify(facts), /SELECT|pat@example\.com/);
  });
});
