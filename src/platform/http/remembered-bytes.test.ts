import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { httpPlatform } from './http.plugin.ts';
import { CursorPage } from './pagination.ts';
import { extendItems } from './remembered-bytes.ts';
import { openRouteSet } from './route-set.ts';
import { serverOptions } from './server-options.ts';

const Mark = Type.Object({ seen: Type.Boolean(), note: Type.String() });
const Item = Type.Object({ id: Type.String(), title: Type.Optional(Type.String()), at: Type.String(), mark: Type.Optional(Mark) });
type Item = { id: string; title?: string; at: string; mark?: { seen: boolean; note: string }; internal?: string };

// One remembered page, as a cache holds it: the same objects on every request.
const remembered: { content: Item[]; nextCursor: string | null } = {
  content: [
    { id: 'a', title: 'Quotes " and \\ and ünïcødé ✓', at: '2030-01-01T10:00:00.000Z', internal: 'not in the schema' },
    { id: 'b', at: '2030-01-02T10:00:00.000Z' },
    { id: 'c', title: '', at: '2030-01-03T10:00:00.000Z' },
  ],
  nextCursor: 'next-page',
};
const marks = [{ seen: true, note: 'first "one"' }, undefined, { seen: false, note: '' }];

describe('remembered bytes: a page extended for one reader', () => {
  const app = Fastify({ ...serverOptions({ trustProxy: false }), logger: false }).withTypeProvider<TypeBoxTypeProvider>();
  const etagOf = () => undefined;

  before(async () => {
    await app.register(httpPlatform);
    const pages = openRouteSet(app, 'pages');
    const spec = { summary: 'A page', data: CursorPage(Item), message: 'Page', etagOf };
    pages.get('/extended', spec, async () => extendItems(remembered, 'mark', marks));
    // The same value as a plain object: serialised whole by the route's schema.
    pages.get('/whole', spec, async () => structuredClone(extendItems(remembered, 'mark', marks)));
    pages.get('/none', spec, async () => extendItems({ content: [], nextCursor: null }, 'mark', []));
    await app.ready();
  });
  after(() => app.close());

  it('reads the same as the page serialised whole, on every request', async () => {
    const whole = await app.inject('/whole');
    assert.equal(whole.statusCode, 200);
    for (let request = 0; request < 2; request++) {
      const extended = await app.inject('/extended');
      assert.equal(extended.statusCode, 200);
      assert.match(String(extended.headers['content-type']), /^application\/json/);
      assert.equal(extended.headers.etag, undefined, "a reader's own page has no shared tag");
      const body = extended.json();
      assert.deepEqual(body.data, whole.json().data);
      assert.equal(body.data.content[0].internal, undefined, 'what the schema leaves out stays out');
      assert.deepEqual(body.data.content[0].mark, marks[0]);
      assert.equal('mark' in body.data.content[1], false);
      assert.equal(body.path, '/extended');
    }
  });

  it('sends an empty extended page', async () => {
    const response = await app.inject('/none');
    assert.deepEqual(response.json().data, { content: [], nextCursor: null });
  });

  it('leaves the remembered page as it was', () => {
    assert.equal(remembered.content[0]!.mark, undefined);
    assert.deepEqual(Object.keys(remembered.content[1]!), ['id', 'at']);
  });
});
