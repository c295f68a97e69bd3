import fc from 'fast-check';
import { textRuleOf } from '../../src/platform/http/text.ts';
import type { JsonSchema } from './openapi.ts';

/** Real ids and codes made before the run, so that generated requests also reach the handlers. */
export interface KnownValues {
  uuids: string[];
  shareCodes: string[];
  jobNames: string[];
}

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);

/** Values that satisfy a JSON schema (the subset TypeBox emits), leaning on known ids half the time. */
export function valid(schema: JsonSchema, known: KnownValues, name = ''): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[];
    return fc.oneof(...options.map((option) => valid(option, known, name)));
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const type = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  if (type.length > 1) return fc.oneof(...type.map((one) => valid({ ...schema, type: one }, known, name)));
  switch (type[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return number(schema, type[0] === 'integer');
    case 'string':
      return string(schema, known, name);
    case 'array': {
      const items = valid((schema.items as JsonSchema | undefined) ?? {}, known, name);
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? 5, minLength + 4);
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      if (Object.keys(properties).length === 0) return type[0] === 'object' ? fc.constant({}) : fc.constant('x');
      const record = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, valid(property, known, key)]));
      return fc.record(record, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
    }
    default:
      return fc.constant(null);
  }
}

function number(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusive = schema.exclusiveMinimum as number | undefined;
  const min = (schema.minimum as number | undefined) ?? (exclusive !== undefined ? exclusive + (integer ? 1 : 0.001) : -1000);
  const max = (schema.maximum as number | undefined) ?? Math.max(min + 1000, 1000);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 1e6) / 1e6);
}

function string(schema: JsonSchema, known: KnownValues, name: string): fc.Arbitrary<string> {
  const format = schema.format as string | undefined;
  if (format === 'uuid') return known.uuids.length ? fc.oneof(fc.constantFrom(...known.uuids), fc.uuid()) : fc.uuid();
  if (format === 'date-time') return fc.integer({ min: -30, max: 400 }).map((days) => new Date(BASE + days * DAY + 3_600_000 * 10).toISOString());
  if (format === 'date') return fc.integer({ min: -30, max: 400 }).map((days) => new Date(BASE + days * DAY).toISOString().slice(0, 10));
  if (format === 'email') return fc.emailAddress();
  if (format === 'binary') return fc.constant('');
  if (name === 'code' && known.shareCodes.length) return fc.oneof(fc.constantFrom(...known.shareCodes), fc.stringMatching(/^[0-9A-Za-z]{8}$/));
  if (name === 'name' && schema.pattern === '^[a-z0-9-]+$' && known.jobNames.length) return fc.constantFrom(...known.jobNames);
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, Math.max(minLength, 40));
  // The text rules' \p{…} classes need the `u` flag, which fast-check's stringMatching cannot read.
  const textRule = textRuleOf(schema.pattern);
  if (textRule) return fc.string({ minLength: Math.max(minLength, 1), maxLength }).filter(textRule);
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    // Unanchored patterns (`\S`, "not blank") match almost anything: a plain word is enough.
    if (!schema.pattern.startsWith('^')) return fc.string({ minLength: Math.max(minLength, 1), maxLength }).filter((s) => pattern.test(s));
    return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= ((schema.maxLength as number | undefined) ?? Infinity));
  }
  return fc.string({ minLength, maxLength });
}
