import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { TestClock } from '../../../test/helpers/clock.ts';
import { newSigningJwk } from '../../../test/helpers/tokens.ts';
import type { Config } from '../../config/index.ts';
import { CacheBudget } from '../../platform/cache/cache-budget.ts';
import { AccessTokens } from './access-tokens.ts';
import { loadSigningKeys, type SigningKeys } from './signing-keys.ts';

const MB = 1024 * 1024;
const JWT: Readonly<Config>['jwt'] = {
  issuer: 'service',
  audience: 'service',
  signingKeys: undefined,
  accessTokenTtl: 900,
  refreshTokenTtl: 3600,
  refreshReuseGraceMs: 0,
};

async function setUp(cacheMb = 32) {
  const jwk = await newSigningJwk('service-2031-05');
  const keys: SigningKeys = await loadSigningKeys({ jwt: { ...JWT, signingKeys: JSON.stringify({ keys: [jwk] }) }, dataDir: '/nonexistent' } as Config);
  const clock = new TestClock(new Date('2031-05-01T00:00:00Z'));
  const meter = new CacheBudget(cacheMb * MB).meter('verifiedTokens');
  const access = new AccessTokens(keys, JWT, clock, meter);
  const issue = async () => (await access.issue({ id: randomUUID(), authProvider: 'national', providerSubject: randomUUID() })).token;
  return { keys, clock, meter, access, issue, kid: jwk.kid! };
}

/** Issue #36, target 5: a reconnect storm of 10,000 streams must not check 10,000 signatures again. */
describe('the checked-token cache', () => {
  it('counts a token as about 130 bytes, so 10,000 distinct tokens fit the default share of CACHE_MB', async () => {
    const { meter, access, issue } = await setUp();
    const tokens = await Promise.all(Array.from({ length: 200 }, issue));
    for (const token of tokens) await access.verify(token);
    const perToken = meter.bytes / tokens.length;
    assert.ok(tokens[0]!.length > 400, `a token is long: ${tokens[0]!.length} characters`);
    assert.ok(perToken <= 136, `a checked token is counted as ${perToken} bytes`);
    assert.ok(meter.maxBytes / perToken >= 10_000, `the default share (${meter.maxBytes} bytes) holds ${Math.floor(meter.maxBytes / perToken)} tokens`);
  });

  it('answers a checked token from the cache with its claims, and checks a token differing in any byte in full', async () => {
    const { keys, access, issue, kid } = await setUp();
    const token = await issue();
    const claims = await access.verify(token);
    // Without the key no signature can be checked: only a cached token still passes.
    keys.verifiers.delete(kid);
    assert.deepEqual(await access.verify(token), claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${header}.${payload}.${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    await assert.rejects(access.verify(flipped), { status: 401 });
    await assert.rejects(access.verify(await issue()), { status: 401 }, 'an unchecked token is checked');
  });

  it('refuses a cached token once it has expired', async () => {
    const { clock, access, issue } = await setUp();
    const token = await issue();
    await access.verify(token);
    clock.advance(900 + 31);
    await assert.rejects(access.verify(token), { status: 401 });
  });

  it('stays within its share when more tokens are checked than it holds, the newest kept', async () => {
    const { meter, access, issue } = await setUp(1 / 64);
    const tokens = await Promise.all(Array.from({ length: 100 }, issue));
    for (const token of tokens) await access.verify(token);
    assert.ok(meter.bytes <= meter.maxBytes, `${meter.bytes} of ${meter.maxBytes} bytes`);
    assert.ok(meter.bytes > meter.maxBytes / 2);
  });
});
