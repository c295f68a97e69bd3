import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from './envelope.ts';
import { pathOf } from './problem.ts';
import { isExtended, rememberedBytes } from './remembered-bytes.ts';

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
 * holds it. The tag covers `data`; the envelope's timestamp and path are the request's own. A
 * tagged value (a cache's answer) or an extended one (see extendItems) is sent from its
 * remembered bytes inside the request's envelope.
 */
export function taggedEnvelope<T>(request: FastifyRequest, reply: FastifyReply, data: T, message: string, etag: string | undefined) {
  if (etag) {
    reply.header('etag', etag);
    if (noneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
  }
  if (typeof data !== 'object' || data === null || !(etag || isExtended(data))) return envelope(request, data, message);
  const tail = `,"message":${JSON.stringify(message)},"timestamp":"${new Date().toISOString()}","path":${JSON.stringify(pathOf(request))}}`;
  return reply.type(JSON_TYPE).send(Buffer.concat([HEAD, rememberedBytes(reply, data), Buffer.from(tail)]));
}

const JSON_TYPE = 'application/json; charset=utf-8';
const HEAD = Buffer.from('{"success":true,"data":');
