import http from 'node:http';
import { connect } from 'node:net';
import type { Body, FuzzCase, Text } from './cases.ts';
import { expandHuge, isHuge, percentEncode } from './hostile.ts';
import type { Operation } from './openapi.ts';

export interface Credentials {
  userToken: string;
  adminToken: string;
  adminId: string;
  internalSecret: string;
  /** Tokens of throwaway users for `DELETE /api/v1/me`, handed out in turn. */
  victimTokens: string[];
}

export interface Outcome {
  status?: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** a network failure instead of an answer */
  error?: string;
  /** what `instance` must be, when known */
  path: string;
  /** bytes of the request line and headers as sent (Node refuses more than 16 KB with 431) */
  headBytes?: number;
  method: string;
  ms: number;
}

const MAX_BODY = 256 * 1024;

const text = (value: Text['text']): string => (typeof value === 'string' ? value : expandHuge(value));
const encodeLoose = (value: Text): string => (value.raw ? text(value.text) : percentEncode(text(value.text)));
function jwtParts(token: string): [Record<string, unknown>, Record<string, unknown>, string] {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return [JSON.parse(Buffer.from(header, 'base64url').toString()), JSON.parse(Buffer.from(payload, 'base64url').toString()), signature];
}
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function authHeaders(kase: FuzzCase, op: Operation | undefined, credentials: Credentials, victim: () => string): Array<[string, string]> {
  const auth = kase.auth;
  // Account deletion (also reached as a "wrong method" on GET /api/v1/me) spends a throwaway user.
  const selfDestructive = kase.method === 'DELETE' && pathOf(kase, op).replace(/\/+$/, '') === '/api/v1/me';
  const user = selfDestructive ? victim() : credentials.userToken;
  switch (auth) {
    case 'none':
      return [];
    case 'user':
      return [['authorization', `Bearer ${user}`]];
    case 'admin':
      return [['authorization', `Bearer ${selfDestructive ? user : credentials.adminToken}`]];
    case 'cookie':
      return [['cookie', `access_token=${user}`]];
    case 'internal':
      return [['x-internal-secret', credentials.internalSecret]];
    case 'user+internal':
      return [
        ['x-internal-secret', credentials.internalSecret],
        ['authorization', `Bearer ${user}`],
      ];
    case 'garbage-bearer':
      return [['authorization', 'Bearer abc.def.ghi']];
    case 'alg-none': {
      const [header, payload] = jwtParts(credentials.userToken);
      return [['authorization', `Bearer ${b64({ ...header, alg: 'none' })}.${b64({ ...payload, sub: credentials.adminId })}.`]];
    }
    case 'tampered': {
      const [header, payload, signature] = jwtParts(credentials.userToken);
      return [['authorization', `Bearer ${b64(header)}.${b64({ ...payload, sub: credentials.adminId, roles: ['ADMIN'] })}.${signature}`]];
    }
    case 'wrong-secret':
      return [['x-internal-secret', `${credentials.internalSecret.slice(0, -1)}x`]];
    case 'huge-bearer':
      return [['authorization', `Bearer ${'a'.repeat(8000)}`]];
    case 'garbage-cookie':
      // One access_token: two of one name count as none (no session, so no 401 for a bad token).
      return [['cookie', 'access_token=%zz; refresh_token=\u00ff\u00fe; =; ;;']];
    case 'basic':
      return [['authorization', 'Basic YWRtaW46YWRtaW4=']];
  }
}

function serialise(value: unknown): string {
  return JSON.stringify(value, (_, item) => (isHuge(item) ? expandHuge(item) : item)) ?? 'null';
}

function bodyBytes(body: Body): { bytes: Buffer; contentType?: string } {
  switch (body.kind) {
    case 'json':
      return { bytes: Buffer.from(serialise(body.value)), contentType: body.contentType ?? 'application/json' };
    case 'text':
      return { bytes: Buffer.from(text(body.text)), contentType: body.contentType };
    case 'bytes':
      return { bytes: Buffer.from(body.hex, 'hex'), contentType: body.contentType };
    case 'pieces':
      return { bytes: Buffer.from(body.pieces.map(text).join('')), contentType: body.contentType };
    case 'multipart': {
      const boundary = body.boundary ?? '----fuzzboundary7MA4YWxkTrZu0gW';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${body.field}"; filename="${body.filename}"\r\nContent-Type: text/csv\r\n\r\n`;
      const tail = body.broken ? '\r\n--wrong-boundary--' : `\r\n--${boundary}--\r\n`;
      return {
        bytes: Buffer.concat([Buffer.from(head), Buffer.from(text(body.file)), Buffer.from(tail)]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      };
    }
  }
}

export function pathOf(kase: FuzzCase, op: Operation | undefined): string {
  if (kase.rawPath !== undefined || !op) return kase.rawPath ?? '/';
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = kase.path[name];
    return value ? encodeLoose(value) : 'missing';
  });
}

export function queryOf(kase: FuzzCase): string {
  if (kase.query.length === 0) return '';
  return `?${kase.query.map(([name, value]) => `${encodeLoose({ text: name })}=${encodeLoose(value)}`).join('&')}`;
}

/** Sends one case through node:http (keep-alive agent) and reads the answer. */
export function send(
  kase: FuzzCase,
  op: Operation | undefined,
  target: { host: string; port: number; agent: http.Agent },
  credentials: Credentials,
  victim: () => string,
): Promise<Outcome> {
  if (kase.raw !== undefined) return sendRaw(kase.raw, target);
  const path = pathOf(kase, op);
  const started = performance.now();
  const headers: Array<[string, string]> = [...authHeaders(kase, op, credentials, victim), ...kase.headers];
  let payload: Buffer | undefined;
  if (kase.body) {
    const { bytes, contentType } = bodyBytes(kase.body);
    payload = bytes;
    if (contentType !== undefined && contentType !== '') headers.push(['content-type', Buffer.from(contentType, 'utf8').toString('latin1')]);
  }
  return new Promise((resolve) => {
    const headBytes = Buffer.byteLength(path + queryOf(kase)) + headers.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
    const done = (outcome: Omit<Outcome, 'path' | 'method' | 'ms'>) =>
      resolve({ ...outcome, path, method: kase.method, ms: performance.now() - started, headBytes });
    let request: http.ClientRequest;
    try {
      // A raw header list: node:http then adds neither Host nor Content-Length by itself.
      const flat: string[] = [];
      if (!headers.some(([name]) => name === 'host')) flat.push('host', `${target.host}:${target.port}`);
      if (payload) flat.push('content-length', String(payload.length));
      for (const [name, value] of headers) flat.push(name, value);
      request = http.request({
        host: target.host,
        port: target.port,
        agent: target.agent,
        method: kase.method,
        path: path + queryOf(kase),
        headers: flat,
        timeout: 20_000,
      });
    } catch (error) {
      // node:http refused to send it (an invalid header or path): not the service's doing.
      done({ headers: {}, body: '', error: `client-refused:${(error as { code?: string }).code ?? (error as Error).message}` });
      return;
    }
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      if (String(response.headers['content-type']).startsWith('text/event-stream')) {
        done({ status: response.statusCode, headers: response.headers, body: '' });
        response.destroy();
        request.destroy();
        return;
      }
      response.on('data', (chunk: Buffer) => {
        if (size < MAX_BODY) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => done({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', (error) =>
        done({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          error: (error as { code?: string }).code ?? error.message,
        }),
      );
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => done({ headers: {}, body: '', error: (error as { code?: string }).code ?? error.message }));
    request.end(payload);
  });
}

/** Writes bytes by hand and parses the first answer that is not 1xx. */
export function sendRaw(raw: string, target: { host: string; port: number }): Promise<Outcome> {
  const started = performance.now();
  const path = /^[A-Z]+ ([^ ?]+)/.exec(raw)?.[1] ?? '/';
  const method = /^([A-Z]+) /.exec(raw)?.[1] ?? 'RAW';
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect(target.port, target.host, () => socket.write(raw, 'latin1'));
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseFirstResponse(Buffer.concat(chunks));
      resolve({
        ...(parsed ?? { headers: {}, body: '' }),
        ...(parsed ? {} : { error: error ?? 'closed-without-answer' }),
        path,
        method,
        ms: performance.now() - started,
      });
    };
    const timer = setTimeout(() => finish('timeout'), 5000);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (parseFirstResponse(Buffer.concat(chunks), true)) finish();
    });
    socket.on('error', (error) => finish((error as { code?: string }).code ?? error.message));
    socket.on('close', () => finish());
  });
}

function parseFirstResponse(data: Buffer, requireComplete = false): { status: number; headers: Record<string, string>; body: string } | undefined {
  let rest = data.toString('latin1');
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) return undefined;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]);
    if (!status) return undefined;
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    if (status < 200) {
      rest = rest.slice(end + 4);
      continue;
    }
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.slice(end + 4);
    if (requireComplete && Buffer.byteLength(body, 'latin1') < length) return undefined;
    return { status, headers, body: Buffer.from(body.slice(0, length || undefined), 'latin1').toString('utf8') };
  }
}
