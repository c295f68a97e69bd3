import { parseArgs } from 'node:util';
import { ID_TOKEN_CURVES, ID_TOKEN_KEY_ALGS, type IdTokenCurve, type IdTokenKeyAlg } from '../../../config/index.ts';
import { DEFAULT_ENC_ALG, generateNationalClientKeys } from './national-keys.ts';

const USAGE = `Usage: npm run keys:national [-- --alg <${ID_TOKEN_KEY_ALGS.join('|')}>] [--crv <${ID_TOKEN_CURVES.join('|')}>]\n`;

function choice<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  process.stderr.write(USAGE);
  process.exit(2);
}

let values: { alg?: string; crv?: string };
try {
  ({ values } = parseArgs({ options: { alg: { type: 'string' }, crv: { type: 'string' } } }));
} catch {
  process.stderr.write(USAGE);
  process.exit(2);
}
const alg = choice<IdTokenKeyAlg>(values.alg, ID_TOKEN_KEY_ALGS, DEFAULT_ENC_ALG);
const crv = choice<IdTokenCurve>(values.crv, ID_TOKEN_CURVES, 'P-256');

const { privateJwks, publicJwks } = await generateNationalClientKeys({ alg, crv });
process.stdout.write(
  '# Service environment (keep secret):\n' +
    `NATIONAL_CLIENT_JWKS='${privateJwks}'\n\n` +
    `# Register this public JWK Set with the national provider (ID tokens: ${alg} on ${crv}):\n` +
    `${JSON.stringify(publicJwks, null, 2)}\n`,
);
