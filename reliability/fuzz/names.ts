import { textRuleOf } from '../../src/platform/http/text.ts';
import type { JsonSchema } from './openapi.ts';

/**
 * The oracle's rule for names, titles and free text: where the schema declares one of the text
 * rules (NameText, FreeText, OptionalNameText), a value the rule refuses is never accepted. Returns the paths of such values in a sent body.
 */
export function refusedNames(schema: JsonSchema | undefined, value: unknown, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const textRule = textRuleOf(schema.pattern);
  if (textRule) return typeof value === 'string' && !textRule(value) ? [path || '/'] : [];
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
