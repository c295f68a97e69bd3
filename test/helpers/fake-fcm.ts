import { waitUntil } from './wake-wait.ts';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { SignJWT, jwtVerify } from 'jose';

/**
 * A local stand-in for Google's OAuth token endpoint and FCM HTTP v1, for what cannot exist here.
 * The token endpoint verifies the service account's RS256 assertion against the account's public
 * key and answers an access token (a JWT this fake signs); the send endpoint verifies that
 * token's signature, checks the message's shape, and answers what FCM answers: the message name,
 * or FCM's error bodies as scripted per device token. It also models each device's screen: an
 * accepted message replaces a shown one with the same collapse identity (Android's
 * `notification.tag`, APNs' `apns-collapse-id`, the web notification's `tag`), as the phone does,
 * and is shown beside the others when it has none.
 */
export interface FakeFcm {
  url: string;
  projectId: string;
  /** The service account key (JSON) to configure the service with: its token_uri is this fake. */
  serviceAccountJson: string;
  /** Messages accepted (answered 200), in order, with when (ms since the epoch). */
  delivered: Array<{ token: string; message: FcmMessage; at: number }>;
  /** What a device shows: one entry per collapse identity (a message without one is an entry of its own). */
  screen(deviceToken: string): Shown[];
  /** Every send request that reached the endpoint with a valid token, accepted or not. */
  attempts: Array<{ token: string; answered: number }>;
  /** Requests refused for their shape or their credentials (a correct sender causes none). */
  rejected: string[];
  tokenRequests: number;
  /** The next answers for a device token (then 200s). */
  script(deviceToken: string, answers: Answer[]): void;
  /** While true, token requests get no answer at all (the sender hangs before any send). */
  holdTokenRequests: boolean;
  /** Resolves once `predicate` holds (checked whenever the fake answers something, and every 10 ms). */
  until(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface FcmMessage {
  token: string;
  notification: { title: string; body: string };
  data: Record<string, string>;
  android?: { priority: string; collapse_key?: string; notification?: { tag?: string } };
  apns?: { headers: Record<string, string>; payload: { aps: Record<string, unknown> } };
  webpush?: { headers: Record<string, string>; notification?: { tag?: string } };
}

/** One entry on a device's screen; `received` counts the messages that landed on it (a resend replaced it). */
export interface Shown {
  key: string;
  notificationId: string | undefined;
  received: number;
}

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /**
   * `drop`: FCM accepts the message (the device gets it) but the connection breaks before the
   * answer, so the sender cannot know. `hold`: accepted, and the answer never comes (until close).
   */
  after?: 'drop' | 'hold';
}

const fcmError = (code: number, status: string, message: string, errorCode: string, extra: unknown[] = []) => ({
  error: { code, message, status, details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }, ...extra] },
});

/** FCM's own error answers. */
export const FCM = {
  unregistered: (): Answer => ({ status: 404, body: fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED') }),
  invalidToken: (): Answer => ({
    status: 400,
    body: fcmError(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', 'INVALID_ARGUMENT'),
  }),
  quotaExceeded: (retryAfterSeconds: number): Answer => ({
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: fcmError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Send requests'.", 'QUOTA_EXCEEDED'),
  }),
  unavailable: (): Answer => ({ status: 503, body: fcmError(503, 'UNAVAILABLE', 'The service is currently unavailable.', 'UNAVAILABLE') }),
  /** Accepted and delivered, but the answer is lost on the way back. */
  acceptedAnswerLost: (): Answer => ({ status: 200, body: {}, after: 'drop' }),
  /** Accepted and delivered; the answer is held until the fake closes (the sender can be killed meanwhile). */
  acceptedAnswerHeld: (): Answer => ({ status: 200, body: {}, after: 'hold' }),
};

/** The collapse identity a device replaces a shown notification by; undefined when the message has none. */
function collapseIdentity(message: FcmMessage): string | undefined {
  if (message.android) return message.android.notification?.tag;
  if (message.apns) return message.apns.headers['apns-collapse-id'];
  return message.webpush?.notification?.tag;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/** What FCM would refuse as INVALID_ARGUMENT about the message (not the token); undefined when fine. */
function shapeProblem(message: FcmMessage | undefined): string | undefined {
  if (!message || typeof message !== 'object') return 'message';
  if (typeof message.token !== 'string' || !message.token) return 'message.token';
  if (typeof message.notification?.title !== 'string' || typeof message.notification.body !== 'string') return 'message.notification';
  if (!message.data || Object.values(message.data).some((value) => typeof value !== 'string')) return 'message.data';
  const blocks = ['android', 'apns', 'webpush'].filter((block) => block in message);
  if (blocks.length !== 1) return 'message (one platform block)';
  if (message.android && !['normal', 'high'].includes(message.android.priority)) return 'message.android';
  if (message.apns && (Object.values(message.apns.headers ?? {}).some((value) => typeof value !== 'string') || typeof message.apns.payload?.aps !== 'object'))
    return 'message.apns';
  // APNs refuses a collapse id over 64 bytes; RFC 8030 limits a Topic to 32 characters of base64url.
  if (message.apns && Buffer.byteLength(message.apns.headers['apns-collapse-id'] ?? '') > 64) return 'message.apns.headers';
  const topic = message.webpush?.headers?.Topic;
  if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return 'message.webpush.headers';
  return undefined;
}

export async function startFakeFcm(): Promise<FakeFcm> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const issuerSecret = randomBytes(32);
  const projectId = `fake-project-${randomBytes(3).toString('hex')}`;
  const clientEmail = `push@${projectId}.iam.gserviceaccount.com`;
  const scripts = new Map<string, Answer[]>();
  const waiters = new Set<() => void>();
  const held: ServerResponse[] = [];
  const screens = new Map<string, Map<string, Shown>>();
  let untagged = 0;

  /** The device receives the message: it replaces what shows under the same collapse identity. */
  const display = (message: FcmMessage) => {
    const screen = screens.get(message.token) ?? new Map<string, Shown>();
    screens.set(message.token, screen);
    const key = collapseIdentity(message) ?? `untagged-${++untagged}`;
    const shown = screen.get(key);
    screen.set(key, { key, notificationId: message.data.notificationId, received: (shown?.received ?? 0) + 1 });
  };
  let url = '';

  const answer = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
    for (const wake of waiters) wake();
  };

  const fake: FakeFcm = {
    url: '',
    projectId,
    serviceAccountJson: '',
    delivered: [],
    attempts: [],
    rejected: [],
    tokenRequests: 0,
    holdTokenRequests: false,
    screen: (deviceToken) => [...(screens.get(deviceToken)?.values() ?? [])],
    script: (deviceToken, answers) => scripts.set(deviceToken, [...(scripts.get(deviceToken) ?? []), ...answers]),
    until: (predicate, timeoutMs = 5000) =>
      waitUntil(
        predicate,
        waiters,
        timeoutMs,
        () => `fake FCM (${JSON.stringify({ attempts: fake.attempts, rejected: fake.rejected, tokenRequests: fake.tokenRequests })})`,
      ),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const token = async (request: IncomingMessage, response: ServerResponse) => {
    fake.tokenRequests += 1;
    if (fake.holdTokenRequests) {
      held.push(response);
      for (const wake of waiters) wake();
      return;
    }
    const form = new URLSearchParams(await readBody(request));
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      fake.rejected.push('grant_type');
      return answer(response, 400, { error: 'unsupported_grant_type' });
    }
    try {
      const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, { algorithms: ['RS256'], issuer: clientEmail, audience: `${url}/token` });
      if (payload.scope !== SCOPE) throw new Error('scope');
    } catch {
      fake.rejected.push('assertion');
      return answer(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    }
    const accessToken = await new SignJWT({ scope: SCOPE }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(issuerSecret);
    answer(response, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
  };

  const send = async (request: IncomingMessage, response: ServerResponse) => {
    try {
      await jwtVerify((request.headers.authorization ?? '').replace(/^Bearer /, ''), issuerSecret, { algorithms: ['HS256'] });
    } catch {
      fake.rejected.push('bearer');
      return answer(response, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    }
    let message: FcmMessage | undefined;
    try {
      message = (JSON.parse(await readBody(request)) as { message?: FcmMessage }).message;
    } catch {
      message = undefined;
    }
    const problem = shapeProblem(message);
    if (problem || !message) {
      fake.rejected.push(problem ?? 'message');
      return answer(
        response,
        400,
        fcmError(400, 'INVALID_ARGUMENT', `Invalid value at '${problem}'`, 'INVALID_ARGUMENT', [
          { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: problem, description: 'Invalid value' }] },
        ]),
      );
    }
    const next = scripts.get(message.token)?.shift();
    fake.attempts.push({ token: message.token, answered: next?.status ?? 200 });
    if (next && !next.after) return answer(response, next.status, next.body, next.headers);
    fake.delivered.push({ token: message.token, message, at: Date.now() });
    display(message);
    if (next?.after === 'drop') {
      response.socket?.destroy();
      for (const wake of waiters) wake();
      return;
    }
    if (next?.after === 'hold') {
      held.push(response);
      for (const wake of waiters) wake();
      return;
    }
    answer(response, 200, { name: `projects/${projectId}/messages/0:${randomBytes(8).toString('hex')}` });
  };

  const server = createServer((request, response) => {
    const path = request.url ?? '';
    const handle =
      request.method === 'POST' && path === '/token'
        ? token
        : request.method === 'POST' && path === `/v1/projects/${projectId}/messages:send`
          ? send
          : undefined;
    if (!handle) return answer(response, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    handle(request, response).catch(() => answer(response, 500, { error: { code: 500, status: 'INTERNAL' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  fake.url = url;
  fake.serviceAccountJson = JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(8).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    client_email: clientEmail,
    client_id: '1',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: `${url}/token`,
  });
  return fake;
}
