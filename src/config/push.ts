import { createECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';

/** A Google service account key (the JSON Firebase hands out), reduced to what the sender needs. */
export interface FcmServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKeyId: string | undefined;
  privateKey: string;
  /** Where the OAuth 2.0 assertion is exchanged for an access token (`token_uri` in the key file). */
  tokenUri: string;
}

/** VAPID (RFC 8292): the application server's P-256 key pair, base64url, and who to contact about it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:`: push services write there when something is wrong with our pushes. */
  subject: string;
}

export interface PushConfig {
  /** Undefined: no credentials, pushes are only logged. */
  fcm: { serviceAccount: FcmServiceAccount; baseUrl: string } | undefined;
  /** Undefined: web push is off (the app says so, and refuses browser subscriptions). */
  vapid: VapidKeys | undefined;
}

type Refuse = (variable: string, reason: string) => Error;

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/** https, or http to a loopback address (a local test server): credentials never travel in the clear. */
function secureUrl(value: string, variable: string, refuse: Refuse): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse(variable, 'must be an absolute URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || (isIP(host) !== 0 && (host.startsWith('127.') || host === '::1'));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw refuse(variable, 'must use https (http only to a loopback address)');
  return value.replace(/\/+$/, '');
}

function parseServiceAccount(text: string, variable: string, refuse: Refuse): FcmServiceAccount {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw refuse(variable, 'must be a service account key in JSON');
  }
  const field = (name: string) => {
    const value = json[name];
    return typeof value === 'string' && value.trim() ? value : undefined;
  };
  const projectId = field('project_id');
  const clientEmail = field('client_email');
  const privateKey = field('private_key');
  if (json.type !== 'service_account' || !projectId || !clientEmail || !privateKey?.includes('PRIVATE KEY')) {
    throw refuse(variable, 'must be a service account key (type service_account with project_id, client_email and private_key)');
  }
  return {
    projectId,
    clientEmail,
    privateKey,
    privateKeyId: field('private_key_id'),
    tokenUri: secureUrl(field('token_uri') ?? GOOGLE_TOKEN_URI, `${variable} token_uri`, refuse),
  };
}

/**
 * FCM_SERVICE_ACCOUNT_JSON (the key itself) or FCM_SERVICE_ACCOUNT_FILE (a path to it), and
 * FCM_BASE_URL (default https://fcm.googleapis.com). Neither key set: pushes are logged only.
 */
export function parsePushConfig(raw: (name: string) => string | undefined, refuse: Refuse): PushConfig {
  return { fcm: parseFcm(raw, refuse), vapid: parseVapid(raw, refuse) };
}

function parseFcm(raw: (name: string) => string | undefined, refuse: Refuse): PushConfig['fcm'] {
  const inline = raw('FCM_SERVICE_ACCOUNT_JSON');
  const file = raw('FCM_SERVICE_ACCOUNT_FILE');
  if (inline && file) throw refuse('FCM_SERVICE_ACCOUNT_FILE', 'cannot be set together with FCM_SERVICE_ACCOUNT_JSON');
  const baseUrl = secureUrl(raw('FCM_BASE_URL') ?? 'https://fcm.googleapis.com', 'FCM_BASE_URL', refuse);
  if (inline) return { serviceAccount: parseServiceAccount(inline, 'FCM_SERVICE_ACCOUNT_JSON', refuse), baseUrl };
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      throw refuse('FCM_SERVICE_ACCOUNT_FILE', 'must name a readable file');
    }
    return { serviceAccount: parseServiceAccount(text, 'FCM_SERVICE_ACCOUNT_FILE', refuse), baseUrl };
  }
  return undefined;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (base64url, as `npm run vapid:keys` prints them) and
 * VAPID_SUBJECT: all three or none. The private key must be the public key's other half, so a
 * mismatched pair stops start-up instead of every push being refused.
 */
function parseVapid(raw: (name: string) => string | undefined, refuse: Refuse): VapidKeys | undefined {
  const publicKey = raw('VAPID_PUBLIC_KEY')?.trim();
  const privateKey = raw('VAPID_PRIVATE_KEY')?.trim();
  const subject = raw('VAPID_SUBJECT')?.trim();
  if (!publicKey && !privateKey && !subject) return undefined;
  if (!publicKey) throw refuse('VAPID_PUBLIC_KEY', 'must be set with VAPID_PRIVATE_KEY and VAPID_SUBJECT (or none of them)');
  if (!privateKey) throw refuse('VAPID_PRIVATE_KEY', 'must be set with VAPID_PUBLIC_KEY and VAPID_SUBJECT (or none of them)');
  if (!subject) throw refuse('VAPID_SUBJECT', 'must be set with VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or none of them)');
  checkVapidPair(publicKey, privateKey, refuse);
  if (!/^mailto:[^\s@]+@[^\s@]+$/.test(subject) && !/^https:\/\/[^\s]+$/.test(subject)) throw refuse('VAPID_SUBJECT', 'must be a mailto: or https: URL');
  return { publicKey, privateKey, subject };
}

function checkVapidPair(publicKey: string, privateKey: string, refuse: Refuse): void {
  const point = BASE64URL.test(publicKey) ? Buffer.from(publicKey, 'base64url') : Buffer.alloc(0);
  if (point.length !== 65 || point[0] !== 4) throw refuse('VAPID_PUBLIC_KEY', 'must be an uncompressed P-256 public key in base64url (65 bytes)');
  const secret = BASE64URL.test(privateKey) ? Buffer.from(privateKey, 'base64url') : Buffer.alloc(0);
  if (secret.length !== 32) throw refuse('VAPID_PRIVATE_KEY', 'must be a P-256 private key in base64url (32 bytes)');
  let derived: Buffer;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(secret);
    derived = ecdh.getPublicKey();
  } catch {
    throw refuse('VAPID_PRIVATE_KEY', 'must be a P-256 private key in base64url (32 bytes)');
  }
  if (!derived.equals(point)) throw refuse('VAPID_PRIVATE_KEY', 'must be the private half of VAPID_PUBLIC_KEY');
}
