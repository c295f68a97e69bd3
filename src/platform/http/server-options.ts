import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import { clientErrorHandler, frameworkErrors } from './client-error.ts';
import { requestId } from './request-id.ts';

const ONE_MEGABYTE = 1024 * 1024;

/**
 * Fastify's own settings that the conventions depend on (validation, ids, limits, timeouts).
 *
 * Slow clients: a request's headers must arrive within 10 s (a slowloris client is cut off there)
 * and the whole request within 30 s; Node checks both every second. An idle keep-alive connection
 * is closed after 10 s, any silent socket after 60 s.
 */
export function serverOptions(options: { trustProxy: boolean | number | string[] }): FastifyHttpOptions<Server> {
  return {
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: ONE_MEGABYTE,
    // Fastify takes a hop count as a number at run time; its types only list the other forms.
    trustProxy: options.trustProxy as FastifyHttpOptions<Server>['trustProxy'],
    requestTimeout: 30_000,
    keepAliveTimeout: 10_000,
    connectionTimeout: 60_000,
    // requireHostHeader: the http platform refuses a missing Host itself, as a problem detail.
    http: { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000, requireHostHeader: false },
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
  };
}
