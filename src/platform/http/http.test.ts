import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { httpPlatform } from './http.plugin.ts';
import { serverOptions } from './server-options.ts';
import { OffsetQuery, offsetPage } from './pagination.ts';
import { AppError } from './errors.ts';

describe('HTTP conventions', () => {
  let app: FastifyInstance;

  before(async () => {
    const typed = Fastify({ ...serverOptions({ trustProxy: false }), logger: false }).withTypeProvider<TypeBoxTypeProvider>();
    app = typed;
    await app.register(httpPlatform);
    typed.get('/items', { schema: { querystring: OffsetQuery } }, async (request) => offsetPage([], 0, request.query));
    app.post(
      '/items',
      {
        schema: {
          body: Type.Object({
            name: Type.String({ minLength: 1 }),
            contactMethods: Type.Array(Type.Object({ value: Type.String({ minLength: 3 }) })),
          }),
        },
      },
      async () => ({ ok: true }),
    );
    typed.get('/items/:id', { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 100 }) }) } }, async (request) => ({
      id: request.params.id,
    }));
    app.get('/boom', async () => {
      throw new Error('SELECT secret FROM users WHERE password = $1');
    });
    app.get('/domain', async () => {
      throw new AppError(409, 'already_joined', 'You are already in this game.');
    });
    app.get('/hidden-failure', async () => {
      throw new AppError(503, 'upstream_down', 'redis at 10.0.0.7:6379 refused');
    });
    await app.ready();
  });
  after(() => app.close());

  it('answers an unknown path with a 404 problem detail', async () => {
    assertProblem(await app.inject({ url: '/nope' }), 404, 'not_found');
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/items' });
    const body = assertProblem(response, 405, 'method_not_allowed');
    assert.equal(body.instance, '/items');
    assert.match(String(response.headers.allow), /GET/);
    assert.match(String(response.headers.allow), /POST/);
  });

  it('answers malformed JSON with a 400 problem detail', async () => {
    const response = await app.inject({ method: 'POST', url: '/items', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    assertProblem(response, 400, 'invalid_json');
  });

  it('takes an empty JSON body as no body: a required one is then a validation failure on body', async () => {
    const body = assertProblem(
      await app.inject({ method: 'POST', url: '/items', headers: { 'content-type': 'application/json' }, payload: '' }),
      400,
      'validation_failed',
    );
    assert.deepEqual(
      body.errors.map((e: { location: string }) => e.location),
      ['body'],
    );
  });

  it('answers a 2 MB body with a 413 problem detail', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    assertProblem(await app.inject({ method: 'POST', url: '/items', headers: { 'content-type': 'application/json' }, payload }), 413, 'payload_too_large');
  });

  it('answers an unsupported media type with a 415 problem detail', async () => {
    assertProblem(await app.inject({ method: 'POST', url: '/items', headers: { 'content-type': 'text/csv' }, payload: 'a,b' }), 415, 'unsupported_media_type');
  });

  // Each refused with 400 and one errors item naming the field where the client put it (and, given, saying why).
  for (const { name, url, field, location, fragment } of [
    ...(
      [
        ['size=0', 'size', 'size must be at least 1'],
        ['size=abc', 'size', 'size must be a whole number'],
        ['page=-1', 'page', 'page must be at least 0'],
        ['size=101', 'size', 'size must be at most 100'],
      ] as const
    ).map(([query, field, fragment]) => ({
      name: `rejects ?${query} with one errors item naming the query field`,
      url: `/items?${query}`,
      field,
      location: 'query',
      fragment,
    })),
    // Found by the reliability fuzzer: Ajv coerces these to ±Infinity and then skips min/max.
    ...(
      [
        ['/items?size=Infinity', 'size', 'query'],
        ['/items?size=1e400', 'size', 'query'],
        ['/items?page=-Infinity', 'page', 'query'],
        ['/items/1e400', 'id', 'path'],
      ] as const
    ).map(([url, field, location]) => ({ name: `refuses the non-finite number in ${url} with 400`, url, field, location, fragment: undefined })),
  ])
    it(name, async () => {
      const body = assertProblem(await app.inject({ url }), 400, 'validation_failed');
      assert.deepEqual(
        body.errors.map((e: { field: string; location: string }) => `${e.location}:${e.field}`),
        [`${location}:${field}`],
      );
      if (fragment) assert.match(body.errors[0].message, new RegExp(fragment));
    });

  it('names nested body fields the way clients address them', async () => {
    const response = await app.inject({ method: 'POST', url: '/items', payload: { contactMethods: [{ value: 'ok!' }, { value: 'x' }] } });
    const body = assertProblem(response, 400, 'validation_failed');
    const fields = body.errors.map((e: { field: string; location: string }) => `${e.location}:${e.field}`).sort();
    assert.deepEqual(fields, ['body:contactMethods[1].value', 'body:name']);
  });

  // Found by the reliability fuzzer: PostgreSQL refuses NUL in text, which was a 500.
  it('refuses a body string holding a NUL character with 400, naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/items', payload: { name: 'nul\u0000byte', contactMethods: [{ value: 'o\u0000k' }] } });
    const body = assertProblem(response, 400, 'validation_failed');
    assert.deepEqual(body.errors.map((e: { field: string; location: string }) => `${e.location}:${e.field}`).sort(), [
      'body:contactMethods[0].value',
      'body:name',
    ]);
  });

  // Found by the full fuzzer: half a surrogate pair in an audit entry's JSON was refused by the database, a 500.
  it('refuses half a surrogate pair in any body string with 400, naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"a\\ud800b","contactMethods":[{"value":"\\udfffxyz"}]}',
    });
    const body = assertProblem(response, 400, 'validation_failed');
    assert.deepEqual(body.errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`).sort(), [
      'contactMethods[0].value: must not contain half a surrogate pair',
      'name: must not contain half a surrogate pair',
    ]);
    const paired = await app.inject({ method: 'POST', url: '/items', payload: { name: 'smash \ud83c\udff8', contactMethods: [] } });
    assert.equal(paired.statusCode, 200, paired.body);
  });

  it('walks a body nested deeper than the call stack without failing', async () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const response = await app.inject({
      method: 'POST',
      url: '/items',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"x","contactMethods":[],"deep":${deep}}`,
    });
    assert.equal(response.statusCode, 200, response.body);
  });

  it('answers a malformed percent-encoding in a path parameter with a 400 problem detail', async () => {
    const response = await app.inject({ url: '/items/%zz' });
    assert.equal(assertProblem(response, 400, 'invalid_request').instance, '/items/%zz');
    assert.match(String(response.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('answers an over-long path parameter with a 414 problem detail', async () => {
    const response = await app.inject({ url: `/items/${'a'.repeat(201)}` });
    assertProblem(response, 414, 'uri_too_long');
    assert.match(String(response.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('fills page defaults and computes the page block', async () => {
    const response = await app.inject({ url: '/items' });
    assert.deepEqual(response.json(), { content: [], page: { number: 0, size: 20, totalElements: 0, totalPages: 0 } });
  });

  it('hides the detail of unexpected errors and never leaks SQL', async () => {
    const body = assertProblem(await app.inject({ url: '/boom' }), 500, 'internal_error');
    assert.doesNotMatch(JSON.stringify(body), /secret|password/);
  });

  it('renders domain errors with their code, and hides details of 5xx ones', async () => {
    assert.equal(assertProblem(await app.inject({ url: '/domain' }), 409, 'already_joined').detail, 'You are already in this game.');
    const hidden = assertProblem(await app.inject({ url: '/hidden-failure' }), 503, 'upstream_down');
    assert.doesNotMatch(hidden.detail, /10\.0\.0\.7/);
  });

  it('keeps a sane X-Request-Id and replaces an insane one', async () => {
    const kept = await app.inject({ url: '/items', headers: { 'x-request-id': 'abc-123' } });
    assert.equal(kept.headers['x-request-id'], 'abc-123');
    const replaced = await app.inject({ url: '/items', headers: { 'x-request-id': 'bad id\u0000<script>' } });
    assert.match(String(replaced.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    assert.match(String((await app.inject({ url: '/nope' })).headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });
});
