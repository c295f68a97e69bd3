/**
 * `npm run -s dev:token -- alice`: signs in to the running service (`npm start`) as a local
 * national test user and prints an access token, so `curl -H "Authorization: Bearer $TOKEN"`
 * works without a browser. It plays the browser against the bundled provider's login page and
 * uses only public endpoints: the mobile login, the callback, and the refresh that redeems the
 * one-time token. `--json` prints the whole token pair instead. The service is at BASE_URL, or
 * http://localhost:$PORT (8080), read as `npm start` reads them: the environment first, then `.env`,
 * so it finds a service started on another port.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs, parseEnv } from 'node:util';
import { driveLogin } from '../src/modules/auth/index.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { json: { type: 'boolean', default: false } } });
const username = positionals[0] ?? 'alice';
const dotEnv = existsSync('.env') ? parseEnv(readFileSync('.env', 'utf8')) : {};
const setting = (name: string) => process.env[name] ?? dotEnv[name];
const base = (setting('BASE_URL') ?? `http://localhost:${setting('PORT') ?? '8080'}`).replace(/\/+$/, '');

function fail(message: string): never {
  process.stderr.write(`dev:token: ${message}\n`);
  process.exit(1);
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const body = await response.text();
  if (!response.ok) fail(`${what} answered ${response.status}: ${body.slice(0, 300)}`);
  return JSON.parse(body) as unknown;
}

// A mobile sign-in needs a code challenge (RFC 8252); the one-time token is redeemed with its verifier.
const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');
const login = await fetch(`${base}/api/v1/auth/login/national?platform=mobile&code_challenge=${challenge}`).catch(() =>
  fail(`no service at ${base}; start it with npm start`),
);
const { authorizationUrl } = (await expectOk(login, 'the national login (is the service running with npm start?)')) as { authorizationUrl: string };
const callback = await driveLogin(authorizationUrl, username);
const back = await fetch(callback, { redirect: 'manual' });
await back.body?.cancel();
const target = back.headers.get('location');
const oneTime = target ? new URL(target).searchParams.get('refreshToken') : null;
if (!oneTime) fail(`the callback answered ${back.status} without a one-time refresh token (${target ?? 'no redirect'})`);
const pair = (await expectOk(
  await fetch(`${base}/api/v1/auth/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken: oneTime, codeVerifier: verifier }),
  }),
  'the refresh',
)) as { accessToken: string };
process.stdout.write(values.json ? `${JSON.stringify(pair)}\n` : `${pair.accessToken}\n`);
