/**
 * `npm run vapid:keys`: prints a new VAPID key pair (P-256, base64url, RFC 8292) as the lines to
 * put in the environment. Keep the private key secret; changing the pair later invalidates every
 * browser's subscription (browsers subscribed with the old public key).
 */
import { createECDH } from 'node:crypto';

const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
// Always 32 bytes: a private key with leading zero bytes comes back shorter.
const privateKey = Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()]).subarray(-32);
const lines = [
  `VAPID_PUBLIC_KEY=${ecdh.getPublicKey().toString('base64url')}`,
  `VAPID_PRIVATE_KEY=${privateKey.toString('base64url')}`,
  '# VAPID_SUBJECT: a mailto: or https: URL where push services can reach you',
  'VAPID_SUBJECT=mailto:you@example.com',
];
process.stdout.write(`${lines.join('\n')}\n`);
