import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

// PostgreSQL text cannot hold NUL: a search for one was a database failure (500), not bad input.
for (const backend of backends) {
  describe(`text in query strings (${backend.name})`, () => {
    let t: TestApp;
    before(async () => (t = await buildTestApp(backend)));
    after(() => t.close());

    it('refuses a NUL in q (or any text query parameter) with a 400 naming it, anonymously too', async () => {
      const cases = { '/api/v1/venues?q=%00': 'query:q', '/api/v1/venues?q=hall%00x': 'query:q', '/api/v1/games?cursor=a%00b': 'query:cursor' };
      for (const [url, field] of Object.entries(cases)) {
        const problem = assertProblem(await t.app.inject({ url }), 400, 'validation_failed');
        assert.deepEqual(
          problem.errors.map((e: { field: string; location: string }) => `${e.location}:${e.field}`),
          [field],
          url,
        );
      }
      assert.equal((await t.app.inject({ url: '/api/v1/venues?q=hall' })).statusCode, 200, 'other text still searches');
    });
  });
}
