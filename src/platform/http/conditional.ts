import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from './envelope.ts';
import { pathOf } from './problem.ts';

const ENTITY_TAG = /(?:W\/)?"[^"]*"/g;
const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * Whether `If-None-Match` names the current representation. RFC 9110 §13.1.2 uses the weak
 * comparison here, so `W/"x"` matches `"x"`; the header may list several tags, or be `*`.
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return (header.match(ENTITY_TAG) ?? []).some((tag) => opaque(tag) === opaque(etag));
}

/**
 * The envelope around `data`, with its entity tag when it has one; 304 when the client already
 * holds it. The tag covers `data`; the envelope's timestamp and path are the request's own.
 *
 * A tagged value is one a cache answered, the same object on every hit until it changes: its
 * `data` is serialised once, by the route's own response schema, and each hit sends those bytes
 * inside the request's envelope. Serialising and encoding a 25 KB page on every hit was the
 * largest cost of a cached listing. A value without a tag that a cache `remembered` is sent the
 * same way (a signed-in reader's own page: no tag, as it is one reader's). `json`: the bytes of
 * `data` when the cache that tagged it already made them (the tag is of them): sent as they are.
 */
export function taggedEnvelope<T>(request: FastifyRequest, reply: FastifyReply, data: T, message: string, etag: string | undefined, json?: Buffer) {
  if (etag) {
    reply.header('etag', etag);
    if (noneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
  }
  if (typeof data !== 'object' || data === null || !(etag || rememberedValues.has(data))) return envelope(request, data, message);
  const tail = `,"message":${JSON.stringify(message)},"timestamp":"${new Date().toISOString()}","path":${JSON.stringify(pathOf(request))}}`;
  return reply.type(JSON_TYPE).send(Buffer.concat([HEAD, json ?? serialised(reply, data), Buffer.from(tail)]));
}

const rememberedValues = new WeakSet<object>();

/** Marks `value` as one a cache answers, the same object until it changes: it is serialised once. */
export function remembered<T extends object>(value: T): T {
  rememberedValues.add(value);
  return value;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const HEAD = Buffer.from('{"success":true,"data":');
const bytesOf = new WeakMap<object, Buffer>();

function serialised(reply: FastifyReply, data: object): Buffer {
  let bytes = bytesOf.get(data);
  if (!bytes) {
    const response = reply.routeOptions.schema?.response as Record<number, { properties: { data: Record<string, unknown> } }> | undefined;
    const schema = response?.[200]?.properties.data;
    if (!schema) throw new Error(`${reply.routeOptions.url ?? 'a route'} answers a tagged envelope without a 200 envelope schema`);
    bytes = Buffer.from(reply.compileSerializationSchema(schema)(data as Record<string, unknown>));
    bytesOf.set(data, bytes);
  }
  return bytes;
}
