import type { FastifyRequest, FastifySchema, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface, RouteShorthandOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from 'typebox';
import { taggedEnvelope } from './conditional.ts';
import { Envelope, envelope } from './envelope.ts';
import { INTERNAL_SECURITY, USER_SECURITY } from './openapi.ts';
import { NoContent, created, noContent } from './replies.ts';
import type { TypedApp } from './typed-app.ts';

/** What a route states beside its path and its answer: its summary, the schemas of what it reads, a hook. */
interface Parts {
  summary: string;
  description?: string;
  params?: TSchema;
  querystring?: TSchema;
  headers?: TSchema;
  body?: TSchema;
  preValidation?: RouteShorthandOptions['preValidation'];
  /**
   * The caller's own page that the web app keeps for reading without signal (its offline copy): a
   * signed-in answer says `private, no-cache` (kept by the caller's browser only, asked again each
   * time) instead of `private, no-store`. For reads only.
   */
  offlineCopy?: true;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See `offlineCopy` above; the access plugin reads it when it sets a signed-in answer's caching. */
    offlineCopy?: boolean;
  }
}

/**
 * A route that answers its data in the envelope with the message: 200, or 201 where it creates.
 * With `etagOf`, the answer carries that entity tag and is 304 when the client holds it already.
 */
export interface AnsweringRoute<Data extends TSchema = TSchema> extends Parts {
  data: Data;
  message: string;
  status?: 201;
  etagOf?(data: Static<Data>): string | undefined;
  /**
   * With `etagOf`: the JSON of `data` when a cache already made it (the bytes its tag is of), sent
   * as they are instead of serialising `data` again. Only for values whose every field is in `data`'s
   * schema (a presenter's, mapped field by field): the schema no longer filters them.
   */
  jsonOf?(data: Static<Data>): Buffer | undefined;
}

/** A route that answers 204 with no body once its work is done. */
export interface SilentRoute extends Parts {
  data?: undefined;
  message?: undefined;
  status?: undefined;
  etagOf?: undefined;
  jsonOf?: undefined;
}

export type RouteSpec = AnsweringRoute | SilentRoute;

/** The request as Fastify types it for these schemas: params, query, headers and body follow TypeBox. */
export type RequestOf<Spec extends RouteSpec> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  Pick<Spec, Extract<keyof Spec, 'params' | 'querystring' | 'headers' | 'body'>>,
  TypeBoxTypeProvider
>;

type Answer<Spec extends RouteSpec> = Spec extends AnsweringRoute<infer Data> ? Static<Data> : unknown;

/** The route's one call into a service, given the typed request and the caller (what the set's `callerOf` makes of the request). */
export type RouteWork<Spec extends RouteSpec, Caller> = (request: RequestOf<Spec>, caller: Caller) => Promise<Answer<Spec>>;

type Declare<Caller> = <Spec extends RouteSpec>(url: string, spec: Spec, work: RouteWork<Spec, Caller>) => void;

/** Declares routes of one tag and one kind of access: `set.get(url, spec, work)`, and so on. */
export interface RouteSet<Caller> {
  get: Declare<Caller>;
  post: Declare<Caller>;
  put: Declare<Caller>;
  delete: Declare<Caller>;
}

function responseOf({ data, status, etagOf }: RouteSpec) {
  if (!data) return NoContent;
  return etagOf ? { [status ?? 200]: Envelope(data), 304: Type.Null() } : { [status ?? 200]: Envelope(data) };
}

function routeSet<Caller>(app: TypedApp, tag: string, security: Array<Record<string, string[]>> | undefined, callerOf: (request: FastifyRequest) => Caller) {
  const declare =
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE'): Declare<Caller> =>
    (url, spec, work) => {
      const { summary, data, message, status, etagOf, jsonOf, preValidation, offlineCopy, ...parts } = spec;
      const schema: FastifySchema = { tags: [tag], ...(security ? { security } : {}), summary, ...parts, response: responseOf(spec) };
      app.route({
        method,
        url,
        schema,
        ...(offlineCopy ? { config: { offlineCopy } } : {}),
        ...(preValidation ? { preValidation } : {}),
        handler: async (request, reply) => {
          // Fastify validated the request against the spec's schemas above, so it has their types.
          const answer = work(request as unknown as RequestOf<typeof spec>, callerOf(request));
          if (!data || message === undefined) return noContent(reply, answer);
          const result = await answer;
          if (etagOf) return taggedEnvelope(request, reply, result, message, etagOf(result), jsonOf?.(result));
          const body = envelope(request, result, message);
          return status === 201 ? created(reply, body) : body;
        },
      });
    };
  const set: RouteSet<Caller> = { get: declare('GET'), post: declare('POST'), put: declare('PUT'), delete: declare('DELETE') };
  return set;
}

type CallerOf<Caller> = (request: FastifyRequest) => Caller;
const nobody: CallerOf<undefined> = () => undefined;

/**
 * Routes that need a signed-in caller (the access policy says whether user or admin), under one
 * tag. `callerOf` tells a route's work who calls (the access module's `signedIn`); without it the
 * work gets the request only.
 */
export function userRouteSet(app: TypedApp, tag: string): RouteSet<undefined>;
export function userRouteSet<Caller>(app: TypedApp, tag: string, callerOf: CallerOf<Caller>): RouteSet<Caller>;
export function userRouteSet(app: TypedApp, tag: string, callerOf: CallerOf<unknown> = nobody) {
  return routeSet(app, tag, USER_SECURITY, callerOf);
}

/** Routes anyone may call, under one tag; `callerOf` may still tell a signed-in caller from none. */
export function openRouteSet(app: TypedApp, tag: string): RouteSet<undefined>;
export function openRouteSet<Caller>(app: TypedApp, tag: string, callerOf: CallerOf<Caller>): RouteSet<Caller>;
export function openRouteSet(app: TypedApp, tag: string, callerOf: CallerOf<unknown> = nobody) {
  return routeSet(app, tag, undefined, callerOf);
}

/** Server-to-server routes (the access policy demands X-Internal-Secret), under one tag. */
export function internalRouteSet(app: TypedApp, tag: string): RouteSet<undefined> {
  return routeSet(app, tag, INTERNAL_SECURITY, nobody);
}
