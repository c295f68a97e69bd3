import type { FastifyReply } from 'fastify';

/**
 * A remembered value's bytes: serialised once, by the route's own response schema, and sent from
 * memory on every hit until the value changes (a cache answers the same object until then).
 * Serialising and encoding a 25 KB page on every request was the largest cost of a cached page.
 */

interface ObjectSchema {
  [keyword: string]: unknown;
  properties: Record<string, ObjectSchema>;
  items?: ObjectSchema;
}

interface Extension {
  page: { content: object[] };
  key: string;
  extras: unknown[];
}

const bytesOf = new WeakMap<object, Buffer>();
const itemBytesOf = new WeakMap<object, Buffer>();
const shellsOf = new WeakMap<object, { head: Buffer; tail: Buffer }>();
const extensions = new WeakMap<object, Extension>();
const COMMA = Buffer.from(',');

/**
 * A remembered page whose items each get a small part of their own for this reader (a signed-in
 * reader's marks on public games). The answer is the page with the parts in place, as a plain
 * value; sent by a tagged route, it costs the remembered items' bytes with each part spliced in,
 * instead of serialising the whole page again.
 */
export function extendItems<P extends { content: object[] }, K extends keyof P['content'][number] & string>(
  page: P,
  key: K,
  extras: Array<P['content'][number][K]>,
): P {
  const extended = { ...page, content: page.content.map((item, index) => ({ ...item, [key]: extras[index] })) };
  extensions.set(extended, { page, key, extras });
  return extended;
}

/** The bytes of `data` as the route's 200 schema serialises it: from memory when it was remembered or extended. */
export function rememberedBytes(reply: FastifyReply, data: object): Buffer {
  const extension = extensions.get(data);
  if (extension) return extendedBytes(reply, extension);
  let bytes = bytesOf.get(data);
  if (!bytes) {
    bytes = Buffer.from(reply.compileSerializationSchema(dataSchema(reply))(data as Record<string, unknown>));
    bytesOf.set(data, bytes);
  }
  return bytes;
}

function extendedBytes(reply: FastifyReply, { page, key, extras }: Extension): Buffer {
  const pageSchema = dataSchema(reply);
  const itemSchema = pageSchema.properties.content?.items;
  const extraSchema = itemSchema?.properties[key];
  if (!itemSchema || !extraSchema) throw new Error(`${reply.routeOptions.url ?? 'a route'} answers extended items its schema does not describe`);
  const shell = shellOf(reply, pageSchema, page);
  const parts: Buffer[] = [shell.head];
  const serialiseItem = reply.compileSerializationSchema(itemSchema);
  const serialiseExtra = reply.compileSerializationSchema(extraSchema);
  page.content.forEach((item, index) => {
    if (index > 0) parts.push(COMMA);
    let bytes = itemBytesOf.get(item);
    if (!bytes) {
      // The remembered item must not carry the part already, or it would be written twice.
      if ((item as Record<string, unknown>)[key] !== undefined) throw new Error(`a remembered item already has its ${key}`);
      bytes = Buffer.from(serialiseItem(item as Record<string, unknown>));
      itemBytesOf.set(item, bytes);
    }
    const extra = extras[index];
    if (extra === undefined) parts.push(bytes);
    else {
      // Before the item's closing brace; after a comma unless the item was `{}`.
      const separator = bytes.length > 2 ? ',' : '';
      parts.push(bytes.subarray(0, -1), Buffer.from(`${separator}"${key}":${serialiseExtra(extra as Record<string, unknown>)}}`));
    }
  });
  parts.push(shell.tail);
  return Buffer.concat(parts);
}

/**
 * The page around its items, made once per remembered page: the schema writes `content` first (a
 * string value's quotes are escaped, so the text is found only where the items go).
 */
function shellOf(reply: FastifyReply, pageSchema: ObjectSchema, page: { content: object[] }): { head: Buffer; tail: Buffer } {
  let shell = shellsOf.get(page);
  if (!shell) {
    const text = reply.compileSerializationSchema(pageSchema)({ ...page, content: [] });
    const found = text.indexOf('"content":[]');
    if (found < 0) throw new Error(`${reply.routeOptions.url ?? 'a route'} answers extended items outside a page's content`);
    const at = found + '"content":['.length;
    shell = { head: Buffer.from(text.slice(0, at)), tail: Buffer.from(text.slice(at)) };
    shellsOf.set(page, shell);
  }
  return shell;
}

function dataSchema(reply: FastifyReply): ObjectSchema {
  const response = reply.routeOptions.schema?.response as Record<number, { properties: { data: ObjectSchema } }> | undefined;
  const schema = response?.[200]?.properties.data;
  if (!schema) throw new Error(`${reply.routeOptions.url ?? 'a route'} answers a remembered value without a 200 envelope schema`);
  return schema;
}

/** Whether `data` came from extendItems. */
export function isExtended(data: object): boolean {
  return extensions.has(data);
}
