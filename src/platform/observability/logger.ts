import type { FastifyServerOptions } from 'fastify';

const SECRET_PARAM = /code|state|token|secret|password|nonce|session|assertion|verifier/i;

/**
 * Query values that could grant access never reach a log line, nor do path segments that do
 * (a share code after one of `secretPaths`, e.g. `/games/`): both are replaced by [REDACTED].
 */
export function redactUrl(url: string, secretPaths: readonly SecretPath[] = []): string {
  const start = url.indexOf('?');
  const path = start === -1 ? url : url.slice(0, start);
  const maskedPath = secretPaths.reduce((masked, secret) => {
    if (!masked.startsWith(secret.prefix)) return masked;
    const rest = masked.slice(secret.prefix.length);
    const segment = rest.split('/', 1)[0]!;
    return secret.segment.test(segment) ? `${secret.prefix}[REDACTED]${rest.slice(segment.length)}` : masked;
  }, path);
  if (start === -1) return maskedPath;
  const params = new URLSearchParams(url.slice(start + 1));
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAM.test(key)) params.set(key, '[REDACTED]');
  }
  return `${maskedPath}?${params.toString()}`;
}

/** A path whose next segment grants access, like a share code. */
export interface SecretPath {
  prefix: string;
  segment: RegExp;
}

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-internal-secret"]',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*.accessToken',
  '*.refreshToken',
  '*.codeVerifier',
  '*.password',
  '*.secret',
  '*.clientSecret',
  '*.internalSecret',
];

export function loggerOptions(level: string, secretPaths: readonly SecretPath[] = [], stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        method: request.method,
        url: redactUrl(request.url, secretPaths),
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}
