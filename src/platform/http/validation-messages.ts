import type { FastifyError } from 'fastify';
import type { FieldError } from './errors.ts';

/** Ajv's violation with `verbose: true` (the schema that failed comes along). */
interface Violation {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
  schema?: unknown;
  parentSchema?: Record<string, unknown>;
}

const LOCATIONS: Record<string, FieldError['location']> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

const FORMAT_WORDS: Record<string, string> = {
  uuid: 'a UUID',
  'date-time': 'a date and time with a zone, like 2026-03-01T18:00:00Z',
  date: 'a date as YYYY-MM-DD',
  email: 'an e-mail address',
  uri: 'an absolute URI',
};

const list = (values: unknown[]) => values.map((value) => (value === null ? 'null' : String(value))).join(', ');
const plural = (count: unknown, word: string) => `${String(count)} ${word}${count === 1 ? '' : 's'}`;

/** The values a schema allows when it is an enum, a constant or a union of those; else undefined. */
function allowedValues(schema: unknown): unknown[] | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.enum)) return s.enum;
  if ('const' in s) return [s.const];
  const branches = s.anyOf ?? s.oneOf;
  if (!Array.isArray(branches)) return undefined;
  const values = branches.map(allowedValues);
  return values.every((v) => v !== undefined) ? values.flat() : undefined;
}

function typesOf(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, unknown>;
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return s.type.map(String);
  const branches = s.anyOf ?? s.oneOf;
  return Array.isArray(branches) ? branches.flatMap(typesOf) : [];
}

/** The description of a pattern, written in the schema as a noun phrase ("a decimal with …"). */
function patternWords(parent: Record<string, unknown> | undefined, pattern: unknown): string {
  if (pattern === '\\S') return 'must not be blank';
  const description = typeof parent?.description === 'string' ? parent.description : undefined;
  return description ? `must be ${description.charAt(0).toLowerCase()}${description.slice(1)}` : 'is not in the expected format';
}

type Sentence = (field: string, params: Record<string, unknown>, schema: Record<string, unknown> | undefined) => string;

/** The value given is none of those allowed: the values when the schema lists them, else the types. */
const notAllowed: Sentence = (field, _params, schema) => {
  const allowed = allowedValues(schema);
  if (allowed) return `${field} must be one of ${list(allowed)}`;
  const types = [...new Set(typesOf(schema))].map((type) => TYPE_WORDS[type] ?? type);
  return types.length ? `${field} must be ${types.join(' or ')}` : `${field} is not valid`;
};

/** By Ajv keyword. */
const SENTENCES: Record<string, Sentence> = {
  required: (field) => `${field} is required`,
  additionalProperties: (field) => `${field} is not allowed`,
  type: (field, p) => {
    const types = String(p.type)
      .split(',')
      .map((type) => TYPE_WORDS[type] ?? type);
    return `${field} must be ${types.join(' or ')}`;
  },
  enum: notAllowed,
  const: notAllowed,
  anyOf: notAllowed,
  oneOf: notAllowed,
  pattern: (field, p, schema) => `${field} ${patternWords(schema, p.pattern)}`,
  format: (field, p) => `${field} must be ${FORMAT_WORDS[String(p.format)] ?? `in the ${String(p.format)} format`}`,
  minLength: (field, p) => (p.limit === 1 ? `${field} must not be empty` : `${field} must be at least ${plural(p.limit, 'character')} long`),
  maxLength: (field, p) => `${field} must be at most ${plural(p.limit, 'character')} long`,
  minimum: (field, p) => `${field} must be at least ${String(p.limit)}`,
  maximum: (field, p) => `${field} must be at most ${String(p.limit)}`,
  exclusiveMinimum: (field, p) => `${field} must be greater than ${String(p.limit)}`,
  exclusiveMaximum: (field, p) => `${field} must be less than ${String(p.limit)}`,
  minItems: (field, p) => `${field} must have at least ${plural(p.limit, 'item')}`,
  maxItems: (field, p) => `${field} must have at most ${plural(p.limit, 'item')}`,
  uniqueItems: (field) => `${field} must not repeat an item`,
  multipleOf: (field, p) => `${field} must be a multiple of ${String(p.multipleOf)}`,
};

/** One human sentence per violation, naming the field: "price must be a decimal with at most 2 places". */
function sentence(field: string, violation: Violation): string {
  if (!Object.hasOwn(SENTENCES, violation.keyword)) return `${field} ${violation.message ?? 'is not valid'}`;
  return SENTENCES[violation.keyword]!(field, violation.params, violation.parentSchema);
}

/** `contactMethods[0].value` from Ajv's `/contactMethods/0/value` (plus a missing or extra property). */
function fieldPath(violation: Violation, location: FieldError['location']): string {
  const segments = violation.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const extra = violation.params.missingProperty ?? violation.params.additionalProperty;
  if (typeof extra === 'string') segments.push(extra);
  const field = segments.reduce((acc, segment) => (/^\d+$/.test(segment) ? `${acc}[${segment}]` : acc ? `${acc}.${segment}` : segment), '');
  return field || location;
}

/**
 * The one place validator output becomes the `errors` of a problem detail. A union (anyOf) that
 * fails reports once, for the union, instead of once per branch; repeats are dropped.
 */
export function fieldErrors(error: FastifyError): FieldError[] {
  const location = LOCATIONS[error.validationContext ?? 'body'] ?? 'body';
  const violations = (error.validation ?? []) as Violation[];
  const unions = violations.filter((v) => v.keyword === 'anyOf' || v.keyword === 'oneOf');
  const insideUnion = (v: Violation) =>
    unions.some((u) => u !== v && u.instancePath === v.instancePath.slice(0, u.instancePath.length) && v.schemaPath.startsWith(`${u.schemaPath}/`));
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const violation of violations) {
    if (insideUnion(violation)) continue;
    const field = fieldPath(violation, location);
    const message = sentence(field, violation);
    if (seen.has(`${field}\n${message}`)) continue;
    seen.add(`${field}\n${message}`);
    errors.push({ field, location, message });
  }
  return errors;
}
