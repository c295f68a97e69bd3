import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorHandler, problemAt } from './problem.ts';
import { describeError } from './error-facts.ts';

const PARSER_FAILURES: Record<string, { status: number; code: string; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout', detail: 'The request was not received in time.' },
  HPE_HEADER_OVERFLOW: { status: 431, code: 'request_header_too_large', detail: 'The request headers are too large.' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, code: 'payload_too_large', detail: 'The request body is too large.' },
};
const MALFORMED = { status: 400, code: 'invalid_request', detail: 'The request is not valid HTTP.' };

/** The request path from the start of the packet the parser choked on, when it is there and sane. */
function requestPath(packet: unknown): string {
  const line = Buffer.isBuffer(packet) ? packet.subarray(0, 2048).toString('latin1').split('\r\n', 1)[0]! : '';
  const target = /^[A-Z]{3,10} (\/[\x21-\x7e]*) HTTP\/1\.[01]$/.exec(line)?.[1];
  return target ? target.split('?', 1)[0]! : '/';
}

/**
 * Node's HTTP parser rejects some requests before Fastify sees them (headers over 16 KB, broken
 * request lines, header or request timeouts). Those answers are problem details too. Like Node,
 * nothing is written when part of a response already went out, or to a connection that never sent
 * a byte (an idle connection closed by the header timeout).
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const failure = PARSER_FAILURES[error.code] ?? MALFORMED;
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  this.log.debug({ err: describeError(error), status: failure.status }, 'client error');
  if (socket.writable && socket.bytesRead > 0 && !inFlight?.headersSent) {
    const body = JSON.stringify(problemAt(requestPath(error.rawPacket), failure.status, failure.code, failure.detail));
    socket.write(
      `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\n` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${randomUUID()}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/** Fastify's router rejects a malformed URL (400) or an over-long path parameter (414) before any hook runs. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  // The reply is sent; Fastify expects nothing back (a reply is thenable, so it is not returned).
  void errorHandler(error, request, reply);
}

/**
 * Node answers an `Expect` other than 100-continue with a bare 417 unless someone listens for
 * `checkExpectation`; this answers the same status as a problem detail.
 */
export function expectationFailed(request: IncomingMessage, response: ServerResponse): void {
  const path = (request.url ?? '/').split('?', 1)[0]!;
  const body = JSON.stringify(problemAt(path, 417, 'expectation_failed', 'Only the expectation 100-continue is supported.'));
  response.writeHead(417, {
    'content-type': 'application/problem+json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-request-id': randomUUID(),
    'x-content-type-options': 'nosniff',
  });
  response.end(body);
}
