import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import { AjvCompiler, type BuildCompilerFromPool, type Options } from '@fastify/ajv-compiler';
import { clientErrorHandler, frameworkErrors } from './client-error.ts';
import { requestId } from './request-id.ts';

const ONE_MEGABYTE = 1024 * 1024;

/** `verbose`: violations carry the schema that failed, so the messages can list allowed values. */
const AJV_OPTIONS: Options = { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true, verbose: true };

type RouteValidator = (route: { httpPart: string }) => unknown;

/**
 * Query strings, paths and headers are text, so their values are coerced to the schema's types
 * (and a single value to an array). A JSON body already has types: `"price": 8.5` for a string, or
 * `"slots": "4"` for a number, is a mistake the client should hear about, not a guess.
 */
const pool = AjvCompiler();
const buildValidator: BuildCompilerFromPool = (externalSchemas, serverOptions) => {
  // The pool's types describe a compile(schema) function; at run time it is compile(route).
  const compiler = (customOptions: Options) => pool(externalSchemas, { ...serverOptions, mode: undefined, customOptions }) as unknown as RouteValidator;
  const coercing = compiler(AJV_OPTIONS);
  const exact = compiler({ ...AJV_OPTIONS, coerceTypes: false });
  return ((route: { httpPart: string }) => (route.httpPart === 'body' ? exact(route) : coercing(route))) as unknown as ReturnType<BuildCompilerFromPool>;
};

/**
 * A hop count trusts that many proxies in front of the service: the socket's peer and the entries
 * it appended. This Fastify release takes a bare number as "trust nothing", so the count is
 * handed over as proxy-addr's own (address, hop) predicate.
 */
function trustProxyOption(trustProxy: boolean | number | string[]): FastifyHttpOptions<Server>['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/**
 * Fastify's own settings that the conventions depend on (validation, ids, limits, timeouts).
 *
 * Slow clients: a request's headers must arrive within 10 s (a slowloris client is cut off there)
 * and the whole request within 30 s; Node checks both every second. An idle keep-alive connection
 * is closed after 10 s, any silent socket after 60 s. `traceId`: the active trace's, when tracing is on.
 */
export function serverOptions(options: { trustProxy: boolean | number | string[]; traceId?: () => string | undefined }): FastifyHttpOptions<Server> {
  const { traceId } = options;
  return {
    genReqId: (request) => requestId(request, traceId),
    requestIdHeader: false,
    bodyLimit: ONE_MEGABYTE,
    trustProxy: trustProxyOption(options.trustProxy),
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
    schemaController: { compilersFactory: { buildValidator } },
  };
}
