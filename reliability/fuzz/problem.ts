import { STATUS_CODES } from 'node:http';

/**
 * The contract's problem detail (seed 2.5 and 7, CONTRACT §3), checked on a raw answer. Returns
 * what is wrong with it; an empty list means it is a valid problem detail.
 */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  method: string;
  /** the request path as sent (what `instance` must be) */
  path: string;
}

const LOCATIONS = new Set(['body', 'query', 'path', 'header']);
const LEAKS =
  /\bat .+\(.+:\d+:\d+\)|node_modules|\/work\/|\.ts:\d+|SELECT |INSERT |UPDATE |DELETE FROM|syntax error at|relation "|duplicate key|violates|PGlite|TypeError|ReferenceError|ECONNREFUSED/;
/** The HTTP parser answers before any request exists, so it cannot always know the path. */
const PARSER_STATUSES = new Set([400, 408, 413, 431]);

const header = (headers: Answer['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

export function problemViolations(answer: Answer): string[] {
  const violations: string[] = [];
  const contentType = header(answer.headers, 'content-type') ?? '';
  if (!/^application\/problem\+json\b/.test(contentType)) violations.push(`content-type is "${contentType}"`);
  if (!header(answer.headers, 'x-request-id')) violations.push('no X-Request-Id');
  if (answer.status === 401 && !/^Bearer\b/.test(header(answer.headers, 'www-authenticate') ?? '')) violations.push('401 without WWW-Authenticate: Bearer');
  if (answer.status === 405 && !header(answer.headers, 'allow')) violations.push('405 without Allow');
  if (answer.status === 429 && !/^\d+$/.test(header(answer.headers, 'retry-after') ?? '')) violations.push('429 without Retry-After');
  if (answer.method === 'HEAD') return violations;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return [...violations, `body is not JSON: ${JSON.stringify(answer.body.slice(0, 120))}`];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [...violations, 'body is not an object'];
  if (body.type !== 'about:blank') violations.push(`type is ${JSON.stringify(body.type)}`);
  if (body.title !== STATUS_CODES[answer.status]) violations.push(`title ${JSON.stringify(body.title)} is not the reason phrase of ${answer.status}`);
  if (body.status !== answer.status) violations.push(`status ${JSON.stringify(body.status)} differs from ${answer.status}`);
  if (typeof body.detail !== 'string' || body.detail.length === 0) violations.push('detail is not a non-empty string');
  if (typeof body.instance !== 'string') violations.push('instance is not a string');
  else if (body.instance !== answer.path && !(PARSER_STATUSES.has(answer.status) && body.instance === '/')) {
    violations.push(`instance ${JSON.stringify(body.instance.slice(0, 80))} is not the request path ${JSON.stringify(answer.path.slice(0, 80))}`);
  }
  if (typeof body.timestamp !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(body.timestamp) || Number.isNaN(Date.parse(body.timestamp))) {
    violations.push(`timestamp ${JSON.stringify(body.timestamp)} is not an ISO-8601 instant`);
  }
  if (typeof body.code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(body.code)) violations.push(`code ${JSON.stringify(body.code)} is not lowercase snake case`);
  if (body.code === 'validation_failed' && !Array.isArray(body.errors)) violations.push('validation failure without errors');
  if (body.errors !== undefined) {
    if (!Array.isArray(body.errors) || body.errors.length === 0) violations.push('errors is not a non-empty array');
    else {
      for (const item of body.errors as Array<Record<string, unknown>>) {
        if (typeof item?.field !== 'string' || item.field.length === 0 || !LOCATIONS.has(item.location as string) || typeof item.message !== 'string') {
          violations.push(`errors item ${JSON.stringify(item).slice(0, 120)} is not {field, location, message}`);
          break;
        }
      }
    }
  }
  const extra = Object.keys(body).filter((key) => !['type', 'title', 'status', 'detail', 'instance', 'timestamp', 'code', 'errors'].includes(key));
  if (extra.length) violations.push(`unexpected properties ${extra.join(', ')}`);
  if (LEAKS.test(answer.body)) violations.push('leaks internals (stack trace, path or SQL)');
  return violations;
}
