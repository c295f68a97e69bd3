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

export interface PushConfig {
  /** Undefined: no credentials, pushes are only logged. */
  fcm: { serviceAccount: FcmServiceAccount; baseUrl: string } | undefined;
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
  const inline = raw('FCM_SERVICE_ACCOUNT_JSON');
  const file = raw('FCM_SERVICE_ACCOUNT_FILE');
  if (inline && file) throw refuse('FCM_SERVICE_ACCOUNT_FILE', 'cannot be set together with FCM_SERVICE_ACCOUNT_JSON');
  const baseUrl = secureUrl(raw('FCM_BASE_URL') ?? 'https://fcm.googleapis.com', 'FCM_BASE_URL', refuse);
  if (inline) return { fcm: { serviceAccount: parseServiceAccount(inline, 'FCM_SERVICE_ACCOUNT_JSON', refuse), baseUrl } };
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      throw refuse('FCM_SERVICE_ACCOUNT_FILE', 'must name a readable file');
    }
    return { fcm: { serviceAccount: parseServiceAccount(text, 'FCM_SERVICE_ACCOUNT_FILE', refuse), baseUrl } };
  }
  return { fcm: undefined };
}
