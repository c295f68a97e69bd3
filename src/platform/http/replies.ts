import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

/** The response schema of a route that answers 204 with no body. */
export const NoContent = { 204: Type.Null() };

/** Answers 201 Created with the body. */
export function created<T>(reply: FastifyReply, body: T): T {
  reply.code(201);
  return body;
}

/** Waits for the work, then answers 204 No Content. */
export async function noContent(reply: FastifyReply, work: Promise<unknown>): Promise<FastifyReply> {
  await work;
  return reply.code(204).send(null);
}
