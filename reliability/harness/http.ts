import http from 'node:http';

export interface HttpAnswer {
  status: number;
  contentType: string;
  body: string;
  /** parsed JSON body, when it is JSON */
  json: unknown;
}

export type TransportFailure = 'connection' | 'timeout';

export class TransportError extends Error {
  readonly kind: TransportFailure;
  readonly code: string | undefined;
  /** the request went out on a kept-alive socket and failed before any answer */
  readonly staleSocket: boolean;
  constructor(kind: TransportFailure, code: string | undefined, message: string, staleSocket = false) {
    super(message);
    this.name = 'TransportError';
    this.kind = kind;
    this.code = code;
    this.staleSocket = staleSocket;
  }
}

/**
 * Keep-alive connections, as a real client or load balancer would hold them. The agent drops an
 * idle socket 3 s before the server's advertised keep-alive timeout (Node's default margin is 1 s,
 * too little when the machine is busy and timers run late).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 1000, agentKeepAliveTimeoutBuffer: 3000 });

const STALE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** Requests sent again because a kept-alive socket had been closed by the server as it was reused. */
export const transportStats = { staleSocketRetries: 0, byBase: new Map<string, number>() };

export interface RequestOptions {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
}

/**
 * One HTTP request on node:http (cheaper than fetch for a load driver); rejects only with
 * TransportError. A request that fails on a reused keep-alive socket before any answer is sent
 * once more on a new connection, as Node's documentation advises: the server closed that idle
 * socket as the request went out, so it never saw the request. A dead server fails again.
 */
export async function request(base: string, options: RequestOptions): Promise<HttpAnswer> {
  try {
    return await attempt(base, options);
  } catch (error) {
    if (!(error instanceof TransportError) || !error.staleSocket) throw error;
    transportStats.staleSocketRetries++;
    transportStats.byBase.set(base, (transportStats.byBase.get(base) ?? 0) + 1);
    return attempt(base, options);
  }
}

function attempt(base: string, options: RequestOptions): Promise<HttpAnswer> {
  const url = new URL(options.path, base);
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string | number> = { accept: 'application/json', ...options.headers };
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = payload.length;
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: TransportError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error: NodeJS.ErrnoException) => fail(new TransportError('connection', error.code, error.message)));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const body = Buffer.concat(chunks).toString('utf8');
        const contentType = String(res.headers['content-type'] ?? '');
        let json: unknown;
        if (contentType.includes('json') && body) {
          try {
            json = JSON.parse(body);
          } catch {
            json = undefined;
          }
        }
        resolve({ status: res.statusCode ?? 0, contentType, body, json });
      });
    });
    const timer = setTimeout(() => {
      fail(new TransportError('timeout', 'TIMEOUT', `no answer within ${options.timeoutMs} ms`));
      req.destroy();
    }, options.timeoutMs ?? 10_000);
    let answered = false;
    req.on('response', () => {
      answered = true;
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      const stale = req.reusedSocket && !answered && STALE_CODES.has(error.code ?? '');
      fail(new TransportError('connection', error.code, error.message, stale));
    });
    req.end(payload);
  });
}

/** The `data` of an envelope, or the body itself. */
export function dataOf<T>(answer: HttpAnswer): T {
  const json = answer.json as { data?: T } | undefined;
  return (json && typeof json === 'object' && 'data' in json ? json.data : json) as T;
}

export function problemCode(answer: HttpAnswer): string | undefined {
  if (!answer.contentType.startsWith('application/problem+json')) return undefined;
  const code = (answer.json as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
