import type { FastifyServerOptions } from 'fastify';

const SECRET_PARAM = /code|state|token|secret|password|nonce|session|assertion|verifier/i;

/**
 * Query values that could grant access never reach a log line, nor do path segments that do
 * (a share code after one of `secretPaths`, e.g. `/games/`): both are replaced by [REDACTED].
 */
export function redactUrl(url: string, secretPaths: readonly SecretPath[] = []): string {
  const start = url.indexOf('?');
  const rawPath = start === -1 ? url : url.slice(0, start);
  // The router decodes the path before it matches, so `/%67ames/{code}` is the share page too:
  // the path is masked as the router reads it, and logged in that form when something was masked.
  const path = decodedPath(rawPath);
  const masked = secretPaths.reduce((masked, secret) => {
    if (!masked.startsWith(secret.prefix)) return masked;
    const rest = masked.slice(secret.prefix.length);
    const segment = rest.split('/', 1)[0]!;
    return secret.segment.test(segment) ? `${secret.prefix}[REDACTED]${rest.slice(segment.length)}` : masked;
  }, path);
  const maskedPath = masked === path ? rawPath : masked;
  if (start === -1) return maskedPath;
  const params = new URLSearchParams(url.slice(start + 1));
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAM.test(key)) params.set(key, '[REDACTED]');
  }
  return `${maskedPath}?${params.toString()}`;
}

/**
 * The path percent-decoded, with runs of slashes as one (a malformed escape leaves it as sent: the
 * router refuses that path), so no spelling of a secret path slips past the prefixes.
 */
function decodedPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Kept as sent.
  }
  return decoded.replace(/\/{2,}/g, '/');
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
