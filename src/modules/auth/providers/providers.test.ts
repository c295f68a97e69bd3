import assert from 'node:assert/strict';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Config } from '../../../config/config.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { driveLogin, startLocalProviders, type LocalProviders } from '../local-providers/index.ts';
import { createNationalClient, createSocialClient, generateNationalClientKeys, type IdentityProviderClient } from './index.ts';

// Never requested: driveLogin stops at the redirect back to the client.
const NATIONAL_REDIRECT = 'http://127.0.0.1:9/callback/national';
const SOCIAL_REDIRECT = 'http://127.0.0.1:9/callback/social';
const CONNECTIONS = ['google-oauth2', 'apple', 'email'];

function nationalConfig(values: { issuer: string; clientId: string; clientJwks: string }): Config['national'] {
  return { ...values, redirectUri: NATIONAL_REDIRECT, scope: 'openid', authParams: {} };
}

function socialConfig(values: { issuer: string; clientId: string; clientSecret: string }): Config['social'] {
  return {
    ...values,
    redirectUri: SOCIAL_REDIRECT,
    scope: 'openid profile email',
    connections: CONNECTIONS,
    connectionParam: 'connection',
  };
}

function providerOptions(port = 0, fixed: { clientJwks?: string } = {}) {
  return {
    port,
    national: { redirectUris: [NATIONAL_REDIRECT], ...fixed },
    social: { redirectUris: [SOCIAL_REDIRECT], connections: CONNECTIONS, connectionParam: 'connection' },
  };
}

async function signIn(client: IdentityProviderClient, username: string, connection?: string) {
  const { authorizationUrl, pending } = await client.begin(connection === undefined ? {} : { connection });
  return client.complete(await driveLogin(authorizationUrl, username), pending);
}

function appError(status: number, code: string) {
  return (error: unknown) => {
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    assert.equal(error.status, status);
    assert.equal(error.code, code);
    return true;
  };
}

/** A port that refuses connections: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('identity provider clients against the local providers', () => {
  let providers: LocalProviders;
  let national: IdentityProviderClient;
  let social: IdentityProviderClient;

  before(async () => {
    providers = await startLocalProviders(providerOptions());
    national = createNationalClient(nationalConfig(providers.national));
    social = createSocialClient(socialConfig(providers.social));
  });
  after(() => providers.close());
  afterEach(() => {
    providers.setMisbehaviour('national', 'none');
    providers.setMisbehaviour('social', 'none');
  });

  describe('national', () => {
    it('pushes the request and redirects with only client_id and request_uri', async () => {
      const { authorizationUrl, pending } = await national.begin({});
      const url = new URL(authorizationUrl);
      assert.deepEqual([...url.searchParams.keys()].sort(), ['client_id', 'request_uri']);
      assert.equal(url.searchParams.get('client_id'), providers.national.clientId);
      assert.equal(pending.provider, 'national');
      assert.ok(pending.dpopKey?.d, 'the private DPoP key travels with the pending login');
      assert.deepEqual(JSON.parse(JSON.stringify(pending)), pending);
    });

    it('signs in and gives the same subject to the same person every time', async () => {
      const first = await signIn(national, 'alice');
      const second = await signIn(national, 'alice');
      const other = await signIn(national, 'bob');
      assert.equal(first.provider, 'national');
      assert.ok(first.subject.length > 0);
      assert.equal(second.subject, first.subject);
      assert.notEqual(other.subject, first.subject);
    });

    it('completes from a pending login that went through JSON storage', async () => {
      const { authorizationUrl, pending } = await national.begin({});
      const callback = await driveLogin(authorizationUrl, 'chitra');
      const identity = await national.complete(callback, JSON.parse(JSON.stringify(pending)));
      assert.equal(identity.provider, 'national');
    });
  });

  describe('social', () => {
    it('sends the connection, PKCE S256 and a nonce, and returns name and e-mail', async () => {
      const { authorizationUrl, pending } = await social.begin({ connection: 'google-oauth2' });
      const query = new URL(authorizationUrl).searchParams;
      assert.equal(query.get('connection'), 'google-oauth2');
      assert.equal(query.get('code_challenge_method'), 'S256');
      assert.ok(query.get('code_challenge'));
      assert.equal(query.get('nonce'), pending.nonce);
      assert.equal(query.get('state'), pending.state);
      assert.equal(pending.connection, 'google-oauth2');

      const identity = await social.complete(await driveLogin(authorizationUrl, 'bob'), pending);
      assert.equal(identity.provider, 'social');
      assert.ok(identity.subject);
      assert.equal(identity.name, 'Bob Lim');
      assert.equal(identity.email, 'bob@social.example.test');
      assert.equal((await signIn(social, 'bob', 'email')).subject, identity.subject);
    });

    it('refuses a connection that is not configured', async () => {
      await assert.rejects(social.begin({ connection: 'myspace' }), appError(400, 'invalid_connection'));
    });
  });

  describe('a provider that misbehaves', () => {
    const cases = [
      ['national', 'wrong-signature'],
      ['national', 'wrong-encryption'],
      ['national', 'wrong-nonce'],
      ['social', 'wrong-signature'],
      ['social', 'wrong-nonce'],
    ] as const;
    for (const [provider, mode] of cases) {
      it(`${provider}: ${mode} is a 502`, async () => {
        const client = provider === 'national' ? national : social;
        const { authorizationUrl, pending } = await client.begin({});
        const callback = await driveLogin(authorizationUrl, 'alice');
        providers.setMisbehaviour(provider, mode);
        await assert.rejects(client.complete(callback, pending), appError(502, 'provider_error'));
      });
    }

    it('a replayed code is refused by the provider', async () => {
      const { authorizationUrl, pending } = await national.begin({});
      const callback = await driveLogin(authorizationUrl, 'alice');
      await national.complete(callback, pending);
      await assert.rejects(national.complete(callback, pending), (error: unknown) => {
        appError(502, 'provider_error')(error);
        assert.match((error as AppError).detail, /\(invalid_grant\)/);
        return true;
      });
    });
  });

  describe('a callback that does not belong to the pending login', () => {
    it('is a 401 invalid_state before anything is sent upstream', async () => {
      const first = await social.begin({});
      const second = await social.begin({});
      const callback = await driveLogin(first.authorizationUrl, 'alice');
      await assert.rejects(social.complete(callback, second.pending), appError(401, 'invalid_state'));
      // The code was not spent, so the rightful pending login still completes.
      assert.ok((await social.complete(callback, first.pending)).subject);
    });

    it('is a 401 invalid_state when it belongs to the other provider', async () => {
      const { authorizationUrl, pending } = await social.begin({});
      const callback = await driveLogin(authorizationUrl, 'alice');
      await assert.rejects(national.complete(callback, pending), appError(401, 'invalid_state'));
    });

    it('maps a refusal in the browser to 401 login_failed', async () => {
      const { pending } = await social.begin({});
      const callback = new URL(SOCIAL_REDIRECT);
      callback.search = new URLSearchParams({ error: 'access_denied', state: pending.state, iss: providers.social.issuer }).toString();
      await assert.rejects(social.complete(callback, pending), appError(401, 'login_failed'));
    });
  });
});

describe('identity provider clients when the provider is not there', () => {
  it('a port with nothing listening is a 503, and discovery is retried on the next login', async () => {
    const port = await closedPort();
    const keys = await generateNationalClientKeys();
    const values = { issuer: `http://127.0.0.1:${port}/national`, clientId: 'match-service-national', clientJwks: keys.privateJwks };
    const client = createNationalClient(nationalConfig(values));
    await assert.rejects(client.begin({}), appError(503, 'provider_unavailable'));

    const providers = await startLocalProviders(providerOptions(port, { clientJwks: keys.privateJwks }));
    try {
      assert.equal(providers.national.issuer, values.issuer);
      assert.equal(providers.national.clientId, values.clientId);
      const { authorizationUrl, pending } = await client.begin({});
      assert.ok((await client.complete(await driveLogin(authorizationUrl, 'alice'), pending)).subject);
    } finally {
      await providers.close();
    }
  });

  it('a stopped provider is a 503 for both clients', async () => {
    const providers = await startLocalProviders(providerOptions());
    await providers.close();
    await assert.rejects(createNationalClient(nationalConfig(providers.national)).begin({}), appError(503, 'provider_unavailable'));
    await assert.rejects(createSocialClient(socialConfig(providers.social)).begin({}), appError(503, 'provider_unavailable'));
  });

  it('a provider that accepts but never answers is a 503 after the timeout', async () => {
    const sockets = new Set<Socket>();
    const hung = createTcpServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as AddressInfo;
    try {
      const client = createSocialClient(socialConfig({ issuer: `http://127.0.0.1:${port}/social`, clientId: 'x', clientSecret: 'y' }), { timeoutMs: 200 });
      await assert.rejects(client.begin({}), appError(503, 'provider_unavailable'));
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => hung.close(resolve));
    }
  });

  it('refuses to be created without its configuration', () => {
    assert.throws(() => createSocialClient(socialConfig({ issuer: 'http://127.0.0.1:1/social', clientId: 'x', clientSecret: '' })), /SOCIAL_CLIENT_SECRET/);
    assert.throws(
      () => createNationalClient(nationalConfig({ issuer: 'http://127.0.0.1:1/national', clientId: 'x', clientJwks: '{"keys":[]}' })),
      /NATIONAL_CLIENT_JWKS/,
    );
  });
});
