export interface FieldError {
  field: string;
  location: 'body' | 'query' | 'path' | 'header';
  message: string;
}

export interface AppErrorOptions {
  cause?: unknown;
  errors?: FieldError[];
  headers?: Record<string, string>;
}

/**
 * The one error type services throw. `detail` reaches the client only for statuses below 500;
 * `cause` is for the logs and never rendered.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, code: string, detail: string, options: AppErrorOptions = {}) {
    super(detail, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const badRequest = (code: string, detail: string, errors?: FieldError[]) => new AppError(400, code, detail, { errors });

export const validationFailed = (errors: FieldError[], detail = 'The request is not valid.') => new AppError(400, 'validation_failed', detail, { errors });

export const unauthorized = (code: string, detail: string) => new AppError(401, code, detail, { headers: { 'www-authenticate': 'Bearer' } });

export const forbidden = (detail = 'You are not allowed to do this.') => new AppError(403, 'forbidden', detail);

export const notFound = (detail = 'The resource was not found.', code = 'not_found') => new AppError(404, code, detail);

export const conflict = (code: string, detail: string) => new AppError(409, code, detail);

export const serviceUnavailable = (code: string, detail: string, cause?: unknown) => new AppError(503, code, detail, { cause });

export const badGateway = (code: string, detail: string, cause?: unknown) => new AppError(502, code, detail, { cause });
