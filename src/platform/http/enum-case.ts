import type { FastifyRequest } from 'fastify';

/**
 * Enums are uppercase in bodies, but some fields were answered and taken in lowercase before:
 * this preValidation hook upper-cases them first, so earlier callers keep working while the
 * schema (and the OpenAPI document) lists only the uppercase values. A path names a body field,
 * `[]` steps into every item of an array: `authProvider`, `contactMethods[].name`.
 */
export function upperCaseEnums(...paths: string[]) {
  const parsed = paths.map((path) => path.split('.'));
  return async (request: FastifyRequest) => {
    for (const segments of parsed) upperCaseAt(request.body, segments);
  };
}

function upperCaseAt(value: unknown, segments: string[]): void {
  if (typeof value !== 'object' || value === null || segments.length === 0) return;
  const [head = '', ...rest] = segments;
  const each = head.endsWith('[]');
  const key = each ? head.slice(0, -2) : head;
  const record = value as Record<string, unknown>;
  const field = record[key];
  if (rest.length === 0 && !each) {
    if (typeof field === 'string') record[key] = field.toUpperCase();
    return;
  }
  if (!each) return upperCaseAt(field, rest);
  if (!Array.isArray(field)) return;
  field.forEach((item: unknown, index) => {
    if (rest.length > 0) upperCaseAt(item, rest);
    else if (typeof item === 'string') field[index] = item.toUpperCase();
  });
}
