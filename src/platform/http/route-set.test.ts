import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifySchema } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { httpPlatform } from './http.plugin.ts';
import { INTERNAL_SECURITY, USER_SECURITY } from './openapi.ts';
import { internalRouteSet, openRouteSet, userRouteSet } from './route-set.ts';
import { serverOptions } from './server-options.ts';

const ItemParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const Item = Type.Object({ id: Type.Integer(), name: Type.String(), owner: Type.String() });
const ItemBody = Type.Object({ name: Type.String({ minLength: 1 }) });

describe('route sets', () => {
  const app = Fastify({ ...serverOptions({ trustProxy: false }), logger: false }).withTypeProvider<TypeBoxTypeProvider>();
  const schemas = new Map<string, FastifySchema | undefined>();
  const removed: number[] = [];

  before(async () => {
    await app.register(httpPlatform);
    app.addHook('onRoute', (route) => {
      schemas.set(`${String(route.method)} ${route.url}`, route.schema);
    });
    // The caller comes from a header here; in the service it is the access module's signedIn.
    const items = userRouteSet(app, 'items', (request) => String(request.headers['x-user'] ?? 'nobody'));
    items.get('/items/:id', { summary: 'One item', params: ItemParams, data: Item, message: 'Item' }, async (request, owner) => ({
      id: request.params.id,
      name: 'first',
      owner,
    }));
    items.post('/items', { summary: 'Add an item', body: ItemBody, data: Item, status: 201, message: 'Item added' }, async (request, owner) => ({
      id: 7,
      name: request.body.name,
      owner,
    }));
    items.delete('/items/:id', { summary: 'Remove an item', params: ItemParams }, async (request) => {
      removed.push(request.params.id);
    });
    openRouteSet(app, 'catalogue').get(
      '/catalogue',
      { summary: 'The catalogue', data: Type.Array(Type.String()), message: 'Catalogue', etagOf: (names: string[]) => `"${names.length}"` },
      async () => ['a', 'b'],
    );
    internalRouteSet(app, 'internal').put('/internal/items/:id', { summary: 'Touch an item', params: ItemParams }, async () => undefined);
    await app.ready();
  });
  after(() => app.close());

  it('answers the work in the envelope, typed by the schemas, with the caller', async () => {
    const response = await app.inject({ url: '/items/3', headers: { 'x-user': 'ada' } });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.deepEqual(body.data, { id: 3, name: 'first', owner: 'ada' });
    assert.equal(body.success, true);
    assert.equal(body.message, 'Item');
    assert.equal(body.path, '/items/3');
  });

  it('answers 201 where the route creates, after validating the body', async () => {
    const response = await app.inject({ method: 'POST', url: '/items', headers: { 'x-user': 'ada' }, payload: { name: 'lamp' } });
    assert.equal(response.statusCode, 201);
    assert.deepEqual(response.json().data, { id: 7, name: 'lamp', owner: 'ada' });
    assertProblem(await app.inject({ method: 'POST', url: '/items', payload: { name: '' } }), 400, 'validation_failed');
  });

  it('answers 204 with no body once the work is done', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/items/5' });
    assert.equal(response.statusCode, 204);
    assert.equal(response.body, '');
    assert.deepEqual(removed, [5]);
  });

  it('tags the answer with its entity tag, and answers 304 when the client holds it', async () => {
    const first = await app.inject({ url: '/catalogue' });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers.etag, '"2"');
    const again = await app.inject({ url: '/catalogue', headers: { 'if-none-match': '"2"' } });
    assert.equal(again.statusCode, 304);
  });

  it('declares the tag, the security of the set, the summary, the request schemas and the responses', () => {
    const get = schemas.get('GET /items/:id')!;
    assert.deepEqual(Object.keys(get), ['tags', 'security', 'summary', 'params', 'response']);
    assert.deepEqual(get.tags, ['items']);
    assert.equal(get.security, USER_SECURITY);
    assert.deepEqual(Object.keys(get.response as object), ['200']);
    assert.deepEqual(Object.keys(schemas.get('POST /items')!.response as object), ['201']);
    assert.deepEqual(Object.keys(schemas.get('DELETE /items/:id')!.response as object), ['204']);
    const open = schemas.get('GET /catalogue')!;
    assert.equal(open.security, undefined);
    assert.deepEqual(Object.keys(open.response as object), ['200', '304']);
    assert.equal(schemas.get('PUT /internal/items/:id')!.security, INTERNAL_SECURITY);
  });
});
