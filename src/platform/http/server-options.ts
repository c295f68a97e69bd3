import type { FastifyServerOptions } from 'fastify';
import { requestId } from './request-id.ts';

const ONE_MEGABYTE = 1024 * 1024;

/** Fastify's own settings that the conventions depend on (validation, ids, limits, timeouts). */
export function serverOptions(options: { trustProxy: boolean | number | string[] }): FastifyServerOptions {
  return {
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: ONE_MEGABYTE,
    // Fastify takes a hop count as a number at run time; its types only list the other forms.
    trustProxy: options.trustProxy as FastifyServerOptions['trustProxy'],
    requestTimeout: 30_000,
    keepAliveTimeout: 10_000,
    connectionTimeout: 60_000,
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
  };
}
