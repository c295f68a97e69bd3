import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from './helpers/backends.ts';
import { TestClock } from './helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser } from './helpers/games.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { createUser, type TestUser } from './helpers/users.ts';

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, { content?: unknown; headers?: Record<string, unknown> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

describe('conditional reads: what answers 304 says so in the API document', () => {
  let t: TestApp;
  let doc: Doc;
  let host: TestUser;
  /** Each read that tags its answer, as its path template and a URL of it. */
  const reads: Array<[string, string]> = [];

  before(async () => {
    const clock = new TestClock(new Date('2031-08-01T01:00:00Z'));
    t = await buildTestApp(backends[0]!, {}, { clock });
    doc = (await t.app.inject({ url: '/v3/api-docs' })).json<Doc>();
    const sport = await createSport(t.app, await createUser(t.app, { admin: true }), { name: 'Padel' });
    host = await onboardedUser(t.app, 'Tag Host');
    const game = await createGame(t.app, host, gameBody(sport, clock.now(), 48));
    const feed = (await t.app.inject({ method: 'POST', url: '/api/v1/me/calendar', headers: host.auth })).json().data.url as string;
    reads.push(
      ['/api/v1/games', '/api/v1/games'],
      ['/api/v1/games/filter-options', `/api/v1/games/filter-options?activityId=${sport.activityId}`],
      ['/api/v1/games/{id}', `/api/v1/games/${game.id}`],
      ['/api/v1/games/{id}.ics', `/api/v1/games/${game.id}.ics`],
      ['/api/v1/calendar/{token}.ics', new URL(feed).pathname],
      ['/.well-known/jwks.json', '/.well-known/jwks.json'],
    );
  });
  after(() => t.close());

  // Anonymous reads: the games pages are tagged from the public cache, which keeps a page from its second read on.
  it('each tagged read answers 304 to its own ETag, with no body', async () => {
    for (const [, url] of reads) {
      let etag: string | string[] | undefined;
      for (let read = 0; read < 2 && !etag; read++) {
        const answer = await t.app.inject({ url });
        assert.equal(answer.statusCode, 200, `${url}: ${answer.body}`);
        etag = answer.headers.etag;
      }
      assert.ok(typeof etag === 'string' && etag.length > 2, `${url} carries an ETag`);
      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      assert.deepEqual([again.statusCode, again.body], [304, ''], url);
    }
  });

  it('the document lists 304 without a body for each of them, the ETag on the success and If-None-Match as a parameter', () => {
    for (const [template] of reads) {
      const operation = doc.paths[template]?.get;
      assert.ok(operation, template);
      assert.ok(operation.responses['304'], `${template} lists 304`);
      assert.equal(operation.responses['304'].content, undefined, `${template}: a 304 has no body`);
      assert.ok(operation.responses['200']?.headers?.ETag, `${template}: the 200 names its ETag`);
      assert.ok(
        operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'If-None-Match'),
        `${template} takes If-None-Match`,
      );
    }
  });

  it('no other operation claims a 304', () => {
    const claimed = Object.entries(doc.paths).flatMap(([template, operations]) =>
      Object.values(operations)
        .filter((operation) => operation.responses?.['304'])
        .map(() => template),
    );
    assert.deepEqual(claimed.sort(), reads.map(([template]) => template).sort());
  });
});
