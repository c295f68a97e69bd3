import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Keeps a caller's X-Request-Id when it is sane, so traces join up; otherwise the request's trace
 * id when tracing is on (a log line then leads to its trace), else a new one.
 */
export function requestId(request: IncomingMessage, traceId: () => string | undefined = () => undefined): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : (traceId() ?? randomUUID());
}
