import { generateNationalClientKeys } from './national-keys.ts';

const { privateJwks, publicJwks } = await generateNationalClientKeys();

process.stdout.write(
  '# Service environment (keep secret):\n'
  + `NATIONAL_CLIENT_JWKS='${privateJwks}'\n\n`
  + '# Register this public JWK Set with the national provider:\n'
  + `${JSON.stringify(publicJwks, null, 2)}\n`,
);
