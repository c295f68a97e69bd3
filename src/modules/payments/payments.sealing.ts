import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for the organisers' PayNow proxies: a fresh 12-byte nonce per value, the owner's id as
 * associated data (a sealed value copied onto another organiser's row does not open), stored as
 * `v1.<nonce>.<tag>.<ciphertext>` in base64url.
 */
export class Sealer {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new RangeError('an AES-256 key is 32 bytes');
    this.#key = key;
  }

  /** Development and tests without PAYMENTS_ENCRYPTION_KEY: a key derived from the service's secret seed. */
  static derived(seed: string | Buffer): Sealer {
    return new Sealer(Buffer.from(hkdfSync('sha256', seed, 'payments', 'paynow-proxy-sealing', 32)));
  }

  seal(plain: string, owner: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce);
    cipher.setAAD(Buffer.from(owner));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, nonce, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** Undefined when the value does not open with this key for this owner (another key, or tampered). */
  open(sealed: string, owner: string): string | undefined {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== VERSION || !nonce || !tag || body === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
