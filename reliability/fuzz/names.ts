import { isNameText, NAME_PATTERN } from '../../src/platform/http/text.ts';
import type { JsonSchema } from './openapi.ts';

/**
 * The oracle's rule for names and titles: where the schema declares the name rule (NameText), a
 * value the rule refuses is never accepted. Returns the paths of such values in a sent body.
 */
export function refusedNames(schema: JsonSchema | undefined, value: unknown, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  if (schema.pattern === NAME_PATTERN) return typeof value === 'string' && !isNameText(value) ? [path || '/'] : [];
  const branches = [schema.anyOf, schema.oneOf, schema.allOf].filter(Array.isArray).flat() as JsonSchema[];
  const nested = branches.flatMap((branch) => refusedNames(branch, value, path));
  if (Array.isArray(value) && schema.items)
    return [...nested, ...value.flatMap((item, index) => refusedNames(schema.items as JsonSchema, item, `${path}/${index}`))];
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const fields = Object.entries(value as Record<string, unknown>);
    return [...nested, ...fields.flatMap(([key, item]) => refusedNames(properties[key], item, `${path}/${key}`))];
  }
  return nested;
}
