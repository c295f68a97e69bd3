import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SHARE_CODE = /^[0-9A-Za-z]{8}$/;

/** The paths that carry a code, masked in request logs as tokens are (a code opens a private game). */
export const SHARE_CODE_PATHS = ['/games/', '/api/v1/share-links/'].map((prefix) => ({ prefix, segment: SHARE_CODE }));

/** 8 characters of [0-9A-Za-z] from a cryptographic source, without modulo bias. */
export function newShareCode(): string {
  let code = '';
  while (code.length < 8) {
    for (const byte of randomBytes(16)) {
      // 248 = 4 × 62: bytes above it would favour the first characters.
      if (byte < 248 && code.length < 8) code += ALPHABET[byte % 62];
    }
  }
  return code;
}
