import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';

// The challenge is checked before any provider is asked, so no provider is needed here; the whole
// flow with one is in auth.test.ts.
for (const backend of backends) {
  describe(`mobile sign-in needs a code challenge (${backend.name})`, () => {
    const t = appSuite(backend);

    it('refuses a mobile sign-in without a code challenge (RFC 8252), naming it', async () => {
      for (const url of ['/api/v1/auth/login/national?platform=mobile', '/api/v1/auth/login/social?platform=mobile&provider=apple']) {
        const problem = assertProblem(await t.app.inject({ url }), 400, 'invalid_request');
        assert.match(problem.detail, /code_challenge is required/);
      }
    });
  });
}
