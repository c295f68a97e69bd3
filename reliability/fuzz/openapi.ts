/** The operations of the service's own OpenAPI document, in the shape the fuzzer needs. */

export type JsonSchema = Record<string, unknown>;
export type Security = 'public' | 'user' | 'admin' | 'internal';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  id: string;
  method: string;
  /** OpenAPI template, like `/api/v1/games/{id}` */
  path: string;
  security: Security;
  parameters: Parameter[];
  body?: { contentType: string; required: boolean; schema: JsonSchema };
  /** The problem codes the document declares, by status (`code`'s enum in each problem answer). */
  declared: Record<string, string[]>;
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Array<Record<string, string[]>>;
        parameters?: Array<{ name: string; in: Parameter['in']; required?: boolean; schema?: JsonSchema; $ref?: string }>;
        requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, { schema?: { allOf?: Array<{ properties?: { code?: { enum?: string[] } } }> } }> }>;
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Inlines `#/components/schemas/...` references (the document rarely has any, but may). */
function resolver(doc: OpenApiDocument) {
  const resolve = (value: unknown, depth = 0): unknown => {
    if (depth > 20 || typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map((item) => resolve(item, depth + 1));
    const object = value as Record<string, unknown>;
    if (typeof object.$ref === 'string') {
      const name = object.$ref.replace('#/components/schemas/', '');
      return resolve(doc.components?.schemas?.[name] ?? {}, depth + 1);
    }
    return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, resolve(item, depth + 1)]));
  };
  return (schema: unknown) => resolve(schema) as JsonSchema;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = resolver(doc);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      // An empty requirement makes the others optional: a public read that accepts a token.
      const optional = (operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0);
      const security: Security = schemes.includes('internalSecret')
        ? 'internal'
        : schemes.length === 0 || optional
          ? 'public'
          : path.startsWith('/api/v1/admin/')
            ? 'admin'
            : 'user';
      const content = Object.entries(operation.requestBody?.content ?? {})[0];
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        security,
        declared: Object.fromEntries(
          Object.entries(operation.responses ?? {}).map(([status, response]) => [
            status,
            response.content?.['application/problem+json']?.schema?.allOf?.[1]?.properties?.code?.enum ?? [],
          ]),
        ),
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required ?? parameter.in === 'path',
          schema: resolve(parameter.schema ?? {}),
        })),
        ...(content ? { body: { contentType: content[0], required: operation.requestBody?.required ?? false, schema: resolve(content[1].schema ?? {}) } } : {}),
      });
    }
  }
  return operations;
}
