import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { pathOf } from './problem.ts';

/** The response envelope (docs/conventions.md) around a route's `data` schema. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    success: Type.Boolean(),
    data,
    message: Type.String(),
    timestamp: Type.String({ format: 'date-time' }),
    path: Type.String(),
  });

export function envelope<T>(request: FastifyRequest, data: T, message: string) {
  return { success: true as const, data, message, timestamp: new Date().toISOString(), path: pathOf(request) };
}
