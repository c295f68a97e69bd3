import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { AppError, badRequest, serviceUnavailable, validationFailed, type FieldError } from './errors.ts';
import { errorHandler, problemBody, sendProblem, pathOf } from './problem.ts';
import { expectationFailed } from './client-error.ts';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Conventions every route shares: X-Request-Id on every answer, and problem details for
 * every failure, including unknown routes (404) and known paths with another method (405).
 */
export const httpPlatform = fp(
  async (app: FastifyInstance) => {
    // A second router that only knows which paths exist, to tell 405 from 404.
    const known = FindMyWay({ ignoreTrailingSlash: true });
    app.addHook('onRoute', (route) => {
      // Catch-all routes (CORS preflight) would make every path look known.
      if (route.url === '*' || route.url === '/*') return;
      for (const method of [route.method].flat()) {
        if (METHODS.includes(method as HTTPMethod) && !known.hasRoute(method as HTTPMethod, route.url)) {
          known.on(method as HTTPMethod, route.url, () => undefined);
        }
      }
    });

    // Fastify's own closing answer is not a problem detail, so shutdown is answered here.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
      // HTTP/1.1 requires Host (RFC 9112 §3.2); Node's own refusal would be an empty 400.
      if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
        throw badRequest('invalid_request', 'The Host header is required.');
      }
      if (closing) {
        reply.header('connection', 'close');
        throw serviceUnavailable('shutting_down', 'The service is restarting. Retry shortly.');
      }
    });

    // An empty query value (`?cursor=`, `?size=`) is an absent one, as Spring reads an empty optional
    // parameter: the default applies, a required one is reported missing. Forms and URL builders send
    // empty fields; refusing them (a cursor of "" is not a cursor) would fail a client on no mistake.
    app.addHook('preValidation', async (request) => {
      dropEmptyValues(request.query);
    });

    // Ajv coerces "Infinity" or "1e400" in a query or path to ±Infinity and then skips every numeric
    // check (its limits only apply to finite numbers), so such values are refused after validation.
    // PostgreSQL cannot hold NUL in text nor half a surrogate pair in JSON: a body string or a declared
    // query parameter with one is bad input (400), not a database failure (500); `?q=%00` reaches a
    // search as a NUL character.
    // Query parameters a route does not declare are never read, so they are left alone.
    app.addHook('preHandler', async (request) => {
      const errors = [
        ...nonFinite(request.query, 'query'),
        ...nonFinite(request.params, 'path'),
        ...unstorable(declared(request.query, request.routeOptions.schema?.querystring), 'query'),
        ...unstorable(request.body, 'body'),
      ];
      if (errors.length > 0) throw validationFailed(errors);
    });

    // A route that takes a body takes JSON (or multipart where it says so): text/plain there is 415,
    // not a string that then fails validation as "body must be object". Routes without a body schema
    // ignore the body, so a client that labels an empty body text/plain (fetch with '') still works.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
      if (request.routeOptions.schema?.body) done(new AppError(415, 'unsupported_media_type', 'The request body has an unsupported content type.'), undefined);
      else done(null, body);
    });
    // An empty body with a JSON content type is no body: fetch wrappers send the header on every
    // POST. Where a body is required, validation then refuses it; otherwise the route runs without.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      if (text.length === 0) done(null, undefined);
      // Fastify's parser answers through `done`; its type also allows a promise, which it never returns.
      else void parseJson(request, text, done);
    });

    app.setErrorHandler(errorHandler);
    app.server.on('checkExpectation', expectationFailed);

    app.setNotFoundHandler((request, reply) => {
      const path = pathOf(request);
      const allowed = METHODS.filter((method) => known.find(method, path) !== null);
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        return sendProblem(reply, problemBody(request, 405, 'method_not_allowed', `${request.method} is not allowed here.`));
      }
      return sendProblem(reply, problemBody(request, 404, 'not_found', 'No resource lives at this path.'));
    });
  },
  { name: 'http-platform' },
);

/** Removes empty strings from a parsed query string, in place (`a=&a=x` keeps `x`). */
function dropEmptyValues(query: unknown) {
  if (typeof query !== 'object' || query === null) return;
  const values = query as Record<string, unknown>;
  for (const [name, value] of Object.entries(values)) {
    const kept = Array.isArray(value) ? value.filter((item) => item !== '') : value;
    if (kept === '' || (Array.isArray(kept) && kept.length === 0)) delete values[name];
    else if (Array.isArray(kept) && kept.length !== (value as unknown[]).length) values[name] = kept;
  }
}

/** The values of `query` whose names the route's querystring schema declares (its properties, in any allOf / anyOf part). */
function declared(query: unknown, schema: unknown): Record<string, unknown> {
  if (typeof query !== 'object' || query === null || !schema) return {};
  const names = new Set<string>();
  const pending: unknown[] = [schema];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const part = next as { properties?: object; allOf?: unknown[]; anyOf?: unknown[] };
    for (const name of Object.keys(part.properties ?? {})) names.add(name);
    pending.push(...(part.allOf ?? []), ...(part.anyOf ?? []));
  }
  return Object.fromEntries(Object.entries(query).filter(([name]) => names.has(name)));
}

function nonFinite(values: unknown, location: FieldError['location']): FieldError[] {
  if (typeof values !== 'object' || values === null) return [];
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(values)) {
    const items: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, i) => [`${name}[${i}]`, item]) : [[name, value]];
    for (const [field, item] of items) {
      if (typeof item === 'number' && !Number.isFinite(item)) errors.push({ field, location, message: 'must be a finite number' });
    }
  }
  return errors;
}

/**
 * Every string in a parsed body (or query) no column can keep, named as the validation errors name
 * fields: PostgreSQL refuses NUL in text, and half a surrogate pair in JSON (an audit entry, a
 * payload). Checked here once for every string, rather than by each field's schema (keys need no
 * check: validation drops undeclared ones). Walked with a stack of its own, not recursion: a body
 * may nest deeper than the call stack.
 */
function unstorable(body: unknown, location: FieldError['location']): FieldError[] {
  const errors: FieldError[] = [];
  const check = (field: string, text: string) => {
    if (text.includes('\u0000')) errors.push({ field: field || '(body)', location, message: 'must not contain a NUL character' });
    if (!text.isWellFormed()) errors.push({ field: field || '(body)', location, message: 'must not contain half a surrogate pair' });
  };
  const pending: Array<[string, unknown]> = [['', body]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [field, value] = next;
    if (typeof value === 'string') {
      check(field, value);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => pending.push([`${field}[${i}]`, item]));
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, item] of Object.entries(value)) pending.push([field ? `${field}.${name}` : name, item]);
    }
  }
  return errors;
}
