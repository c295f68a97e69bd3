import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { backends } from '../../../test/helpers/backends.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';
import { httpPlatform } from './http.plugin.ts';
import { serverOptions } from './server-options.ts';

type Problem = { errors: Array<{ field: string; location: string; message: string }> };
const messages = (body: Problem) => body.errors.map((error) => `${error.location}:${error.message}`);

describe('validation messages (one place for every schema)', () => {
  let app: FastifyInstance;
  let seen: unknown;

  before(async () => {
    app = Fastify({ ...serverOptions({ trustProxy: false }), logger: false });
    await app.register(httpPlatform);
    const body = Type.Object({
      kind: Type.Union([Type.Literal('SINGLE'), Type.Literal('DOUBLE')]),
      colour: Type.Optional(Type.Enum(['red', 'green'])),
      price: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]{1,2})?$', description: 'A decimal with at most 2 places' })),
      name: Type.Optional(Type.String({ maxLength: 5, pattern: '\\S' })),
      slots: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      note: Type.Optional(Type.Union([Type.String({ maxLength: 3 }), Type.Null()])),
      id: Type.Optional(Type.String({ format: 'uuid' })),
      tags: Type.Optional(Type.Array(Type.String(), { maxItems: 2 })),
    });
    app.post('/things', { schema: { body } }, async (request) => {
      seen = request.body;
      return { ok: true };
    });
    app.post('/ping', async () => ({ ok: true }));
    app.get(
      '/things',
      { schema: { querystring: Type.Object({ size: Type.Integer({ default: 20 }), kinds: Type.Optional(Type.Array(Type.String())) }) } },
      async (request) => request.query,
    );
    await app.ready();
  });
  after(() => app.close());

  const post = (payload: object) => app.inject({ method: 'POST', url: '/things', payload });

  it('lists the allowed values of an enum once, instead of one line per branch', async () => {
    const body = assertProblem(await post({ kind: 'TRIPLE', colour: 'blue' }), 400, 'validation_failed') as Problem;
    assert.deepEqual(messages(body).sort(), ['body:colour must be one of red, green', 'body:kind must be one of SINGLE, DOUBLE']);
  });

  it('describes a pattern in words, never as the regular expression', async () => {
    const body = assertProblem(await post({ kind: 'SINGLE', price: '8.505', name: '   ' }), 400, 'validation_failed') as Problem;
    assert.deepEqual(messages(body).sort(), ['body:name must not be blank', 'body:price must be a decimal with at most 2 places']);
    assert.doesNotMatch(JSON.stringify(body), /\^|\[0-9\]/);
  });

  it('says what is missing, too long, out of range, of the wrong type or format', async () => {
    const body = assertProblem(await post({ name: 'toolong', slots: 0, note: 'long', id: 'x', tags: ['a', 'b', 'c'] }), 400, 'validation_failed') as Problem;
    assert.deepEqual(messages(body).sort(), [
      'body:id must be a UUID',
      'body:kind is required',
      'body:name must be at most 5 characters long',
      'body:note must be a string or null',
      'body:slots must be at least 1',
      'body:tags must have at most 2 items',
    ]);
  });

  it('does not coerce JSON body types: a number for a string, a string for a number are refused', async () => {
    const body = assertProblem(await post({ kind: 'SINGLE', price: 8.5, slots: '4' }), 400, 'validation_failed') as Problem;
    assert.deepEqual(messages(body).sort(), ['body:price must be a string', 'body:slots must be a whole number']);
    seen = undefined;
    assert.equal((await post({ kind: 'SINGLE', price: '8.50', slots: 4 })).statusCode, 200);
    assert.deepEqual(seen, { kind: 'SINGLE', price: '8.50', slots: 4 });
  });

  it('still reads query strings as text: numbers, defaults and a single value for a list', async () => {
    const response = await app.inject({ url: '/things?size=5&kinds=a' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { size: 5, kinds: ['a'] });
  });

  it('answers a text/plain body with 415, not a validation message', async () => {
    const response = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'text/plain' }, payload: '{"kind":"SINGLE"}' });
    assertProblem(response, 415, 'unsupported_media_type');
  });

  it('still lets a route without a body ignore one labelled text/plain (fetch with an empty string)', async () => {
    const response = await app.inject({ method: 'POST', url: '/ping', headers: { 'content-type': 'text/plain' }, payload: '' });
    assert.equal(response.statusCode, 200, response.body);
  });
});

for (const backend of backends) {
  describe(`validation messages on the real routes (${backend.name})`, () => {
    let test: TestApp;
    let user: TestUser;
    before(async () => {
      test = await buildTestApp(backend);
      user = await createUser(test.app);
    });
    after(() => test.close());

    const game = {
      activityId: crypto.randomUUID(),
      venueId: crypto.randomUUID(),
      skillLevelFromId: crypto.randomUUID(),
      skillLevelToId: crypto.randomUUID(),
      currency: 'SGD',
      price: '8.50',
      slots: 4,
      startTime: '2030-01-01T10:00:00Z',
      endTime: '2030-01-01T12:00:00Z',
      visibility: 'PUBLIC',
      gameType: 'DOUBLE',
    };

    it('hosting a game: enum values listed, the price explained in words, a number for the price refused', async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/games',
        headers: user.auth,
        payload: { ...game, gameType: 'TRIPLE', visibility: 'public', price: 8.5 },
      });
      const body = assertProblem(response, 400, 'validation_failed') as Problem;
      assert.deepEqual(messages(body).sort(), [
        'body:gameType must be one of SINGLE, DOUBLE',
        'body:price must be a string',
        'body:visibility must be one of PUBLIC, PRIVATE',
      ]);
      const decimals = assertProblem(
        await test.app.inject({ method: 'POST', url: '/api/v1/games', headers: user.auth, payload: { ...game, price: '8.505' } }),
        400,
        'validation_failed',
      ) as Problem;
      assert.match(messages(decimals)[0]!, /^body:price must be a decimal with at most 2 places/);
    });

    it('a text/plain body is 415 and changes nothing', async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/games',
        headers: { ...user.auth, 'content-type': 'text/plain' },
        payload: JSON.stringify(game),
      });
      assertProblem(response, 415, 'unsupported_media_type');
    });
  });
}
