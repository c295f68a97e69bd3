import { STATUS_CODES } from 'node:http';
import { INTERNAL_SECURITY, USER_SECURITY } from './openapi.ts';

/** Who may call an operation: decides its security and its 401/403 answers. */
/** `sign-in`: login, callbacks, refresh, logout — no token needed and none read. */
export type Caller = 'anyone' | 'sign-in' | 'user' | 'admin' | 'internal' | 'loopback';

/** Domain error codes a route's handler can answer, by status (a module's table, next to its schemas). */
export type ErrorCodes = Partial<Record<number, readonly string[]>>;

export interface RouteDocs {
  errors?: ErrorCodes;
  /** Query parameters the service requires although the schema lets it answer their absence itself (with its own code). */
  requiredQuery?: readonly string[];
  /** false: the route reads its parameters itself (an HTML page for people), so it never answers 400 validation_failed. */
  validates?: false;
  /** false: the route only refuses (an unknown provider), so the document lists no success answer. */
  succeeds?: false;
  /** true: the answer carries an ETag and If-None-Match naming it is answered 304 (a route whose schema lists 304 is too). */
  conditional?: true;
}

/** Keyed by `METHOD /route/:template`, as the route is registered. */
export type RouteDocsTable = Readonly<Record<string, RouteDocs>>;

export interface OperationFacts extends RouteDocs {
  caller: Caller;
  rateLimited: boolean;
}

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Json; example?: unknown }>;
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, Json>;
  security?: unknown[];
}

const FIELD_ERROR = {
  type: 'object',
  required: ['field', 'location', 'message'],
  properties: {
    field: { type: 'string', description: 'The field as a client addresses it, like contactMethods[0].value', example: 'price' },
    location: { type: 'string', enum: ['body', 'query', 'path', 'header'] },
    message: { type: 'string', description: 'A sentence naming the field', example: 'price must be a decimal with at most 2 places' },
  },
};

/** RFC 9457 problem details with the service's stable `code`. */
export const PROBLEM_SCHEMA = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'instance', 'timestamp', 'code'],
  properties: {
    type: { type: 'string', enum: ['about:blank'] },
    title: { type: 'string', description: 'The HTTP reason phrase', example: 'Conflict' },
    status: { type: 'integer', example: 409 },
    detail: { type: 'string', description: 'What went wrong, for people', example: 'You have already joined this game (or its waitlist).' },
    instance: { type: 'string', description: 'The request path', example: '/api/v1/games/3f0c…/participants' },
    timestamp: { type: 'string', format: 'date-time' },
    code: { type: 'string', description: 'Stable, lowercase snake case; what clients branch on', example: 'already_joined' },
    errors: {
      type: 'array',
      items: { $ref: '#/components/schemas/FieldError' },
      description: 'One item per invalid field (validation_failed, invalid_import_file)',
    },
  },
};

const UNAUTHORIZED: Record<Caller, readonly string[]> = {
  // A token on a public read is optional, but a broken or expired one is refused (clients then refresh).
  anyone: ['invalid_token'],
  'sign-in': [],
  user: ['authentication_required', 'invalid_token'],
  admin: ['authentication_required', 'invalid_token'],
  internal: ['invalid_internal_secret'],
  loopback: ['loopback_only'],
};

const EXAMPLE_UUID = '6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f';

/** An example a client generator can show: the default, the first allowed value, or a UUID. */
function exampleOf(schema: Json | undefined): unknown {
  if (!schema) return undefined;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = schema.anyOf as Json[] | undefined;
  if (Array.isArray(branches) && branches.every((branch) => 'const' in branch)) return branches[0]!.const;
  if (schema.format === 'uuid') return EXAMPLE_UUID;
  if (schema.type === 'array') {
    const item = exampleOf(schema.items as Json | undefined);
    return item === undefined ? undefined : [item];
  }
  return undefined;
}

/** `getGamesById`, `deleteGamesByIdParticipantsMe`: from the method and path, so they never change by accident. */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((part) => part && part !== 'api' && !/^v\d+$/.test(part))
    .map((part) => {
      // `{id}` and `{id}.ics` alike: a parameter reads `by-<name>`, a suffix follows it.
      const word = part.replace(/\{([^}]+)\}/g, 'by-$1-').replace(/^\./, '');
      return word
        .split(/[-_.]/)
        .filter(Boolean)
        .map((piece) => piece.charAt(0).toUpperCase() + piece.slice(1))
        .join('');
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

/** An operation with a body or parameters refuses what its schema does not allow, unless it reads them itself. */
function validatesInput(operation: Operation, facts: OperationFacts): boolean {
  return (operation.requestBody !== undefined || (operation.parameters?.length ?? 0) > 0) && facts.validates !== false;
}

function codesFor(method: string, operation: Operation, facts: OperationFacts): Map<number, string[]> {
  const codes = new Map<number, string[]>();
  const add = (status: number, ...more: readonly string[]) => {
    if (more.length) codes.set(status, [...new Set([...(codes.get(status) ?? []), ...more])]);
  };
  const body = operation.requestBody !== undefined;
  if (validatesInput(operation, facts)) add(400, 'validation_failed');
  // Any body sent as JSON is parsed before the route sees it, whatever media type the route takes.
  if (body) add(400, 'invalid_json');
  add(401, ...UNAUTHORIZED[facts.caller]);
  if (facts.caller === 'admin') add(403, 'forbidden');
  // The gate refuses a change made with our cookies from another origin, on every route, before authentication.
  if (!['get', 'head', 'options'].includes(method)) add(403, 'cross_site_request');
  if (body) add(413, 'payload_too_large');
  // A write without a body schema still refuses a body it cannot parse (an empty chunked body
  // without a content type, for one); one with a schema refuses anything but its media type.
  if (body || method !== 'get') add(415, 'unsupported_media_type');
  if (facts.rateLimited) add(429, 'rate_limited');
  for (const [status, more] of Object.entries(facts.errors ?? {})) add(Number(status), ...(more ?? []));
  add(503, 'service_unavailable', 'shutting_down');
  return codes;
}

const ETAG_HEADER = { description: 'The entity tag of this answer: send it back as If-None-Match', schema: { type: 'string' } };
const NOT_MODIFIED = { description: 'Not Modified: the copy named in If-None-Match is current; no body', headers: { ETag: ETAG_HEADER } };
const IF_NONE_MATCH = {
  in: 'header',
  name: 'If-None-Match',
  required: false,
  description: 'ETags of copies the client holds (or *): 304 with no body while one of them is current',
  schema: { type: 'string' },
};

/** A conditional read: 304 as an answer without a body, the ETag on the success, If-None-Match as a parameter. */
function documentConditional(operation: Operation): void {
  const responses = operation.responses!;
  responses['304'] = NOT_MODIFIED;
  for (const [status, response] of Object.entries(responses)) {
    if (status.startsWith('2')) response.headers = { ...(response.headers as Json | undefined), ETag: ETAG_HEADER };
  }
  const parameters = (operation.parameters ??= []);
  if (!parameters.some((parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'if-none-match')) parameters.push(IF_NONE_MATCH);
}

function problemResponse(status: number, codes: string[]): Json {
  const headers: Json = {};
  if (status === 401) headers['WWW-Authenticate'] = { description: 'Bearer', schema: { type: 'string' } };
  if (status === 429) headers['Retry-After'] = { description: 'Seconds until the limit resets', schema: { type: 'integer' } };
  const title = STATUS_CODES[status] ?? 'Error';
  return {
    description: `${title}: ${codes.join(', ')}`,
    ...(Object.keys(headers).length ? { headers } : {}),
    content: {
      'application/problem+json': {
        schema: { allOf: [{ $ref: '#/components/schemas/ProblemDetail' }, { type: 'object', properties: { code: { type: 'string', enum: codes } } }] },
        example: {
          type: 'about:blank',
          title,
          status,
          detail: 'What went wrong, for people.',
          instance: '/api/v1/…',
          timestamp: '2026-03-01T10:00:00.000Z',
          code: codes[0],
        },
      },
    },
  };
}

/**
 * Completes the generated document so a client can be generated from it: a stable operationId,
 * security from the access policy, every problem response the operation can give with its codes,
 * and query parameters required exactly when they are. Runs on the whole document, once.
 */
export function completeDocument<T extends Json>(
  document: T,
  factsOf: (method: string, url: string) => OperationFacts | undefined,
  tags: Record<string, string>,
): T {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  const used = new Set<string>();
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (typeof operation !== 'object' || !operation.responses) continue;
      for (const tag of (operation.tags as string[] | undefined) ?? []) used.add(tag);
      const facts = factsOf(method.toUpperCase(), path.replace(/\{([^}]+)\}/g, ':$1'));
      if (facts) completeOperation(method, path, operation, facts);
    }
  }
  const components = ((document as Json).components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;
  schemas.ProblemDetail = PROBLEM_SCHEMA;
  schemas.FieldError = FIELD_ERROR;
  (document as Json).tags = [...used].sort().map((name) => ({ name, description: tags[name] ?? name }));
  return document;
}

function completeOperation(method: string, path: string, operation: Operation, facts: OperationFacts): void {
  const responses = operation.responses!;
  operation.operationId ??= operationIdFor(method, path);
  for (const parameter of operation.parameters ?? []) completeParameter(parameter, facts);
  if (!operation.security) operation.security = securityFor(facts.caller);
  // Fastify's generator gives a route without a response schema a 200 it may never answer.
  if (facts.succeeds === false && responses['200']?.description === 'Default Response') delete responses['200'];
  if (facts.conditional || responses['304']) documentConditional(operation);
  for (const [status, codes] of codesFor(method, operation, facts)) {
    responses[String(status)] ??= problemResponse(status, codes);
  }
}

/** An example for every parameter; a query parameter required exactly when the service needs it. */
function completeParameter(parameter: NonNullable<Operation['parameters']>[number], facts: OperationFacts): void {
  parameter.example ??= exampleOf(parameter.schema);
  if (parameter.in !== 'query') return;
  if (parameter.schema && 'default' in parameter.schema) parameter.required = false;
  if (facts.requiredQuery?.includes(parameter.name)) parameter.required = true;
}

function securityFor(caller: Caller): unknown[] {
  if (caller === 'user' || caller === 'admin') return USER_SECURITY;
  if (caller === 'internal') return INTERNAL_SECURITY;
  // A token is optional on public reads: it identifies the caller when present.
  if (caller === 'anyone') return [{}, ...USER_SECURITY];
  return [{}];
}
