import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from './envelope.ts';

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
 */
export function taggedEnvelope<T>(request: FastifyRequest, reply: FastifyReply, data: T, message: string, etag: string | undefined) {
  if (etag) {
    reply.header('etag', etag);
    if (noneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
  }
  return envelope(request, data, message);
}
