import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SERVICE_NODE_FLAGS, SERVICE_PROCESS_ENV } from './helpers/server-process.ts';

const ROOT = path.join(import.meta.dirname, '..');
const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** What a script's shell hands the process it runs: the script with its `node …` swapped for `env`. */
function environmentOf(script: string, env: Record<string, string> = {}): Record<string, string> {
  const shell = script.replace(/exec node .*$/, 'exec env');
  assert.notEqual(shell, script, `the script ends by exec'ing node: ${script}`);
  const printed = execFileSync('/bin/sh', ['-c', shell], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
  return Object.fromEntries(printed.split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

// The tests, the bench and the soak start the service as these scripts do (test/helpers/server-process.ts).
describe('the npm scripts start the service as the tests, the bench and the soak do', () => {
  for (const name of ['start', 'start:prod']) {
    it(`${name} sets the process settings, and an operator's own value wins`, () => {
      for (const [variable, value] of Object.entries(SERVICE_PROCESS_ENV)) {
        assert.equal(environmentOf(scripts[name]!)[variable], value);
        assert.equal(environmentOf(scripts[name]!, { [variable]: '262144' })[variable], '262144');
      }
    });
  }

  it('start runs node with the flags the tests start it with', () => {
    assert.match(scripts.start!, new RegExp(`exec node ${SERVICE_NODE_FLAGS.join(' ')} src/server\\.ts`));
  });
});
