import { waitUntil } from './wake-wait.ts';
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';

/**
 * A local web push service (RFC 8030) and the browsers subscribed to it, for what cannot exist
 * here. Each POST to a subscription's endpoint is checked as a real push service and browser
 * would: the VAPID token (RFC 8292) must be an ES256 JWT signed by the configured key, for this
 * origin, expiring within 24 hours, with the configured subject; the body is decrypted per RFC 8291
 * (aes128gcm, RFC 8188) with the browser's private key and auth secret, written here from the
 * RFCs. A request that fails a check is recorded in `rejected` and answered 400.
 */

export interface VapidPair {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A fresh VAPID key pair and subject, as `npm run vapid:keys` makes them. */
export function vapidPair(): VapidPair {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
    subject: 'mailto:ops@example.com',
  };
}

export const vapidEnv = (pair: VapidPair) => ({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: pair.subject });

/** What a browser subscribed: PushSubscription.toJSON(), and the private half it decrypts with. */
export interface Browser {
  id: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface Received {
  browser: string;
  headers: Record<string, string | undefined>;
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  claims: { aud: string; exp: number; sub: string };
}

export interface LocalPushService {
  url: string;
  /** A new browser subscription to this service. */
  browser(): Browser;
  /** Pushes accepted (201), in order. */
  received: Received[];
  /** Every push request that reached a subscription, with what it was answered. */
  attempts: Array<{ browser: string; answered: number }>;
  /** Requests that failed a check (a correct sender causes none). */
  rejected: string[];
  /** The next answers (status codes) for a browser; then 201s. */
  script(browser: string, statuses: number[]): void;
  until(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 8291 §3.4 and RFC 8188 §2: the content encryption key and nonce, then the one record. */
export function decryptAes128gcm(body: Buffer, browser: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || recordSize < 18 || ciphertext.length > recordSize) throw new Error('bad aes128gcm header');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const ecdhSecret = ecdh.computeSecret(senderPublic);
  // PRK_key = HMAC(auth_secret, ecdh_secret); IKM = HMAC(PRK_key, "WebPush: info" 0x00 ua_public as_public 0x01)
  const prkKey = hmac(browser.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends in 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not a last record (delimiter 0x02 missing)');
  return padded.subarray(0, end);
}

/** RFC 8292 §2 and §3: `vapid t=<JWT>, k=<key>`, the JWT ES256 over the key given, which must be ours. */
function checkVapid(authorization: string | undefined, pair: VapidPair, origin: string): Received['claims'] {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a vapid authorization: ${authorization}`);
  const [token, key] = [match[1]!, match[2]!];
  if (key !== pair.publicKey) throw new Error('k is not the configured public key');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('alg is not ES256');
  const point = Buffer.from(pair.publicKey, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('the VAPID signature does not verify against the configured public key');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Received['claims'];
  if (parsed.aud !== origin) throw new Error(`aud ${parsed.aud} is not the endpoint's origin ${origin}`);
  const now = Date.now() / 1000;
  if (!(parsed.exp > now && parsed.exp <= now + 24 * 3600)) throw new Error(`exp ${parsed.exp} is not within 24 h`);
  if (parsed.sub !== pair.subject) throw new Error(`sub ${parsed.sub} is not the configured subject`);
  return parsed;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushService(pair: VapidPair): Promise<LocalPushService> {
  const browsers = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  const scripts = new Map<string, number[]>();
  const waiters = new Set<() => void>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;

  const service: LocalPushService = {
    url: origin,
    received: [],
    attempts: [],
    rejected: [],
    browser() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomUUID();
      const keys = { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), auth: randomBytes(16) };
      browsers.set(id, keys);
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: keys.publicKey.toString('base64url'), auth: keys.auth.toString('base64url') },
        },
      };
    },
    script: (browser, statuses) => scripts.set(browser, [...(scripts.get(browser) ?? []), ...statuses]),
    until: (predicate, timeoutMs = 5000) =>
      waitUntil(predicate, waiters, timeoutMs, () => `push service (${JSON.stringify({ attempts: service.attempts, rejected: service.rejected })})`),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  server.on('request', (request, response) => {
    void (async () => {
      const body = await readBody(request);
      const id = /^\/push\/([0-9a-f-]+)$/.exec(request.url ?? '')?.[1];
      const browser = id ? browsers.get(id) : undefined;
      try {
        if (request.method !== 'POST' || !id || !browser) throw new Error(`unknown subscription ${request.method} ${request.url}`);
        const claims = checkVapid(request.headers.authorization, pair, origin);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('Content-Encoding is not aes128gcm');
        if (!/^\d+$/.test(String(request.headers.ttl))) throw new Error('no TTL');
        const payload = JSON.parse(decryptAes128gcm(body, browser).toString('utf8')) as Record<string, unknown>;
        const status = scripts.get(id)?.shift() ?? 201;
        service.attempts.push({ browser: id, answered: status });
        if (status === 201) {
          const headers = {
            ttl: String(request.headers.ttl),
            urgency: request.headers.urgency as string | undefined,
            topic: request.headers.topic as string | undefined,
          };
          service.received.push({ browser: id, headers, payload, claims });
        }
        response.writeHead(status).end();
      } catch (error) {
        service.rejected.push((error as Error).message);
        response.writeHead(400).end();
      }
      for (const wake of [...waiters]) wake();
    })();
  });
  return service;
}
