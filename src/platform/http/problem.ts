import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type FieldError } from './errors.ts';
import { describeError, isUnavailable } from './error-facts.ts';
import { fieldErrors } from './validation-messages.ts';

export interface ProblemDetail {
  type: 'about:blank';
  title: string;
  status: number;
  detail: string;
  instance: string;
  timestamp: string;
  code: string;
  errors?: FieldError[];
}

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
  FST_ERR_CTP_EMPTY_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
  FST_ERR_REQ_INVALID_VALIDATION_INVOCATION: 'invalid_request',
  FST_ERR_MULTIPART_FILE_TOO_LARGE: 'payload_too_large',
  FST_ERR_RES_FILES_LIMIT: 'payload_too_large',
  FST_ERR_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_ERR_BAD_URL: 'invalid_request',
  FST_ERR_MAX_PARAM_LENGTH: 'uri_too_long',
};

const FIXED_DETAIL: Record<string, string> = {
  invalid_json: 'The request body is not valid JSON.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'The request body has an unsupported content type.',
  uri_too_long: 'A path segment of the request is too long.',
};

/** Server-side failures never expose their own detail. */
const GENERIC_DETAIL: Record<number, string> = {
  500: 'An unexpected error occurred.',
  502: 'An upstream service answered wrongly. Try again later.',
  503: 'A backing service is unavailable. Try again shortly.',
};

export function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

export function problemBody(request: FastifyRequest, status: number, code: string, detail: string, errors?: FieldError[]): ProblemDetail {
  return problemAt(pathOf(request), status, code, detail, errors);
}

/** The problem detail for a path, also where there is no Fastify request (HTTP parser errors). */
export function problemAt(instance: string, status: number, code: string, detail: string, errors?: FieldError[]): ProblemDetail {
  const body: ProblemDetail = {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    instance,
    timestamp: new Date().toISOString(),
    code,
  };
  if (errors) body.errors = errors;
  return body;
}

export function sendProblem(reply: FastifyReply, problem: ProblemDetail, headers?: Record<string, string>): FastifyReply {
  if (headers) reply.headers(headers);
  if (problem.status === 401 && !reply.hasHeader('www-authenticate')) reply.header('www-authenticate', 'Bearer');
  return reply.code(problem.status).type('application/problem+json; charset=utf-8').send(JSON.stringify(problem));
}

function classify(error: FastifyError | AppError): { status: number; code: string; detail: string; errors?: FieldError[]; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    const detail = error.status < 500 ? error.detail : (GENERIC_DETAIL[error.status] ?? GENERIC_DETAIL[500]!);
    return { status: error.status, code: error.code, detail, errors: error.errors, headers: error.headers };
  }
  if (error.validation) {
    return { status: 400, code: 'validation_failed', detail: 'The request is not valid.', errors: fieldErrors(error) };
  }
  if (isUnavailable(error)) {
    return { status: 503, code: 'service_unavailable', detail: GENERIC_DETAIL[503]! };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = FASTIFY_CODES[error.code] ?? 'invalid_request';
    return { status, code, detail: FIXED_DETAIL[code] ?? 'The request could not be processed.' };
  }
  return { status: 500, code: 'internal_error', detail: GENERIC_DETAIL[500]! };
}

/** Node's error when the client closes the connection before its request body is complete. */
const clientAborted = (error: FastifyError | AppError) => (error as { code?: string }).code === 'ECONNRESET' && error.message === 'aborted';

export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (clientAborted(error)) {
    // Nobody reads this answer, and it is no server failure: not a 503 and not an error log line.
    request.log.info({ err: describeError(error) }, 'request aborted by the client');
    return sendProblem(reply, problemBody(request, 400, 'request_aborted', 'The client closed the connection before the request was complete.'));
  }
  const problem = classify(error);
  if (problem.status >= 500) {
    request.log.error({ err: describeError(error, { stack: true }), status: problem.status }, 'request failed');
  } else if (!(error instanceof AppError)) {
    request.log.info({ err: describeError(error), status: problem.status }, 'request rejected');
  }
  return sendProblem(reply, problemBody(request, problem.status, problem.code, problem.detail, problem.errors), problem.headers);
}
