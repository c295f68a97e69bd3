import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { vapidPair } from '../../test/helpers/push-service.ts';
import { ConfigError, layeredEnv, loadConfig } from './index.ts';

const VAPID = vapidPair();
const VAPID_ENV = { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: 'mailto:ops@example.com' };

const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  project_id: 'demo',
  client_email: 'push@demo.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n',
  token_uri: 'https://oauth2.googleapis.com/token',
});

/** A production environment that loads: every URL https, the frontend's callback named. */
const PRODUCTION = {
  APP_PROFILE: 'production',
  JWT_SIGNING_KEYS: '{"keys":[{}]}',
  BASE_URL: 'https://api.example.com',
  FRONTEND_CALLBACK_URL: 'https://app.example.com/auth/callback',
  PAYMENTS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('configuration', () => {
  it('applies the contract defaults', () => {
    const config = loadConfig({});
    assert.equal(config.profile, 'development');
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.baseUrl, 'http://localhost:8080');
    assert.equal(config.national.redirectUri, 'http://localhost:8080/callback/national');
    assert.deepEqual(config.social.connections, ['google-oauth2', 'apple', 'email']);
    assert.deepEqual(config.rateLimits, {
      publicAnon: 60,
      publicUser: 240,
      shareResolve: 30,
      signIn: 30,
      participation: 30,
      joinRequest: 10,
      membership: 30,
      deviceRegistration: 10,
      profile: 30,
      write: 120,
      chat: 10,
    });
    assert.equal(config.maxDevicesPerUser, 10);
    assert.equal(config.notificationCoalesceSeconds, 600);
    assert.equal(config.jwt.accessTokenTtl, 900);
    assert.equal(config.timeZone, 'Asia/Singapore');
    assert.equal(config.secureCookies, false);
    assert.ok(Object.isFrozen(config) && Object.isFrozen(config.jwt));
  });

  it('push: no credentials means the logging sender; a key (inline or from a file) enables FCM', () => {
    assert.equal(loadConfig({}).push.fcm, undefined);
    const inline = loadConfig({ FCM_SERVICE_ACCOUNT_JSON: SERVICE_ACCOUNT }).push.fcm;
    assert.equal(inline?.baseUrl, 'https://fcm.googleapis.com');
    assert.equal(inline?.serviceAccount.projectId, 'demo');
    assert.equal(inline?.serviceAccount.tokenUri, 'https://oauth2.googleapis.com/token');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cfg-')), 'key.json');
    writeFileSync(file, SERVICE_ACCOUNT);
    const fromFile = loadConfig({ FCM_SERVICE_ACCOUNT_FILE: file, FCM_BASE_URL: 'http://127.0.0.1:9999/' }).push.fcm;
    assert.equal(fromFile?.baseUrl, 'http://127.0.0.1:9999');
    assert.equal(fromFile?.serviceAccount.clientEmail, 'push@demo.iam.gserviceaccount.com');
  });

  it('web push: off without VAPID keys; the three variables together turn it on', () => {
    assert.equal(loadConfig({}).push.vapid, undefined);
    assert.deepEqual(loadConfig(VAPID_ENV).push.vapid, { publicKey: VAPID.publicKey, privateKey: VAPID.privateKey, subject: 'mailto:ops@example.com' });
    assert.equal(loadConfig({ ...VAPID_ENV, VAPID_SUBJECT: 'https://example.com/contact' }).push.vapid?.subject, 'https://example.com/contact');
  });

  it('caches: one budget, CACHE_MB (32 by default); PAGE_CACHE_MB alone still gives the page cache what it names', () => {
    const MB = 1024 * 1024;
    assert.equal(loadConfig({}).cacheBytes, 32 * MB);
    assert.equal(loadConfig({ CACHE_MB: '8' }).cacheBytes, 8 * MB);
    assert.equal(loadConfig({ CACHE_MB: '0' }).cacheBytes, 0);
    // The page cache takes half of the budget (CACHE_SHARES).
    assert.equal(loadConfig({ PAGE_CACHE_MB: '20' }).cacheBytes, 40 * MB);
  });

  it('waitlist offers: quiet hours 22:00-08:00 by default, another range, or off', () => {
    assert.deepEqual(loadConfig({}).waitlistQuietHours, { start: 22 * 60, end: 8 * 60 });
    assert.deepEqual(loadConfig({ WAITLIST_OFFER_QUIET_HOURS: '23:30-07:00' }).waitlistQuietHours, { start: 23 * 60 + 30, end: 7 * 60 });
    assert.equal(loadConfig({ WAITLIST_OFFER_QUIET_HOURS: 'off' }).waitlistQuietHours, undefined);
  });

  it('derives URLs from BASE_URL and marks cookies Secure on https', () => {
    const config = loadConfig({ BASE_URL: 'https://api.example.com/' });
    assert.equal(config.secureCookies, true);
    assert.equal(config.social.redirectUri, 'https://api.example.com/callback/social');
  });

  for (const [env, variable] of [
    [{ PORT: '70000' }, 'PORT'],
    [{ ACCESS_TOKEN_TTL: '-1' }, 'ACCESS_TOKEN_TTL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SIGNING_KEYS: 'not json' }, 'JWT_SIGNING_KEYS'],
    [{ APP_TIME_ZONE: 'Mars/Olympus' }, 'APP_TIME_ZONE'],
    [{ TRUST_PROXY: 'somewhere' }, 'TRUST_PROXY'],
    [{ WAITLIST_OFFER_QUIET_HOURS: '22-8' }, 'WAITLIST_OFFER_QUIET_HOURS'],
    [{ WAITLIST_OFFER_QUIET_HOURS: '08:00-08:00' }, 'WAITLIST_OFFER_QUIET_HOURS'],
    [{ JOBS_ENABLED: 'maybe' }, 'JOBS_ENABLED'],
    [{ APP_PROFILE: 'production', JWT_SIGNING_KEYS: '{"keys":[{}]}', INTERNAL_SECRET: 'short' }, 'INTERNAL_SECRET'],
    [{ APP_PROFILE: 'production', JWT_SIGNING_KEYS: '{"keys":[{}]}', BASE_URL: 'http://api.example.com' }, 'BASE_URL'],
    [{ ...PRODUCTION, TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ ...PRODUCTION, PAYMENTS_ENCRYPTION_KEY: undefined }, 'PAYMENTS_ENCRYPTION_KEY'],
    [{ PAYMENTS_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') }, 'PAYMENTS_ENCRYPTION_KEY'],
    [{ PAYMENTS_ENCRYPTION_KEY: 'not base64!' }, 'PAYMENTS_ENCRYPTION_KEY'],
    ...(['NATIONAL_ISSUER', 'SOCIAL_ISSUER', 'NATIONAL_REDIRECT_URI', 'SOCIAL_REDIRECT_URI', 'FRONTEND_CALLBACK_URL'] as const).map(
      (variable) => [{ ...PRODUCTION, [variable]: 'http://idp.example.com/' }, variable] as const,
    ),
    [{ ...PRODUCTION, FRONTEND_CALLBACK_URL: undefined }, 'FRONTEND_CALLBACK_URL'],
    [{ RATE_LIMIT_SIGN_IN: '0' }, 'RATE_LIMIT_SIGN_IN'],
    [{ CACHE_MB: '-1' }, 'CACHE_MB'],
    [{ CACHE_MB: '32', PAGE_CACHE_MB: '16' }, 'PAGE_CACHE_MB'],
    [{ FCM_SERVICE_ACCOUNT_JSON: '{"type":"authorized_user"}' }, 'FCM_SERVICE_ACCOUNT_JSON'],
    [{ FCM_SERVICE_ACCOUNT_FILE: '/nonexistent/key.json' }, 'FCM_SERVICE_ACCOUNT_FILE'],
    [{ FCM_BASE_URL: 'http://fcm.example.com' }, 'FCM_BASE_URL'],
    [{ VAPID_PUBLIC_KEY: VAPID.publicKey }, 'VAPID_PRIVATE_KEY'],
    [{ ...VAPID_ENV, VAPID_SUBJECT: undefined }, 'VAPID_SUBJECT'],
    [{ ...VAPID_ENV, VAPID_SUBJECT: 'http://example.com' }, 'VAPID_SUBJECT'],
    [{ ...VAPID_ENV, VAPID_PUBLIC_KEY: 'not-a-key' }, 'VAPID_PUBLIC_KEY'],
    [{ ...VAPID_ENV, VAPID_PRIVATE_KEY: vapidPair().privateKey }, 'VAPID_PRIVATE_KEY'],
    [
      { FCM_SERVICE_ACCOUNT_JSON: SERVICE_ACCOUNT.replace('"token_uri":"https://oauth2.googleapis.com/token"', '"token_uri":"http://tokens.example.com/"') },
      'FCM_SERVICE_ACCOUNT_JSON token_uri',
    ],
  ] as const) {
    it(`names ${variable} when it is bad`, () => {
      assert.throws(
        () => loadConfig(env),
        (error: ConfigError) => error instanceof ConfigError && error.problems.some((problem) => problem.variable === variable),
      );
    });
  }

  it('names every bad variable at once, one line each, and a single one in one line', () => {
    const bad = { PORT: 'eighty', LOG_LEVEL: 'loud', JOBS_ENABLED: 'maybe', APP_TIME_ZONE: 'Mars/Olympus', RATE_LIMIT_SIGN_IN: '0' };
    assert.throws(
      () => loadConfig(bad),
      (error: ConfigError) => {
        assert.deepEqual(error.problems.map((problem) => problem.variable).sort(), Object.keys(bad).sort());
        assert.equal(error.message.split('\n').length, 1 + Object.keys(bad).length);
        assert.match(error.message, /^Invalid configuration \(5 variables\):\n {2}PORT must be an integer from 0 to 65535\n/);
        return true;
      },
    );
    assert.throws(() => loadConfig({ PORT: 'eighty' }), { message: 'Invalid configuration: PORT must be an integer from 0 to 65535' });
  });

  it("lets the environment win over .env, and .env over npm start's defaults", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'env-'));
    const file = path.join(dir, '.env');
    writeFileSync(file, 'PORT=9000\nLOG_LEVEL=debug\nJOBS_ENABLED=false\n');
    const env = layeredEnv({ processEnv: { PORT: '9100' }, dotEnvPath: file, startDefaults: { JOBS_ENABLED: 'true', LOCAL_IDENTITY_PROVIDERS: 'true' } });
    assert.equal(env.PORT, '9100');
    assert.equal(env.LOG_LEVEL, 'debug');
    assert.equal(env.JOBS_ENABLED, 'false');
    assert.equal(env.LOCAL_IDENTITY_PROVIDERS, 'true');
  });

  it("never applies npm start's defaults in production", () => {
    const env = layeredEnv({ processEnv: { APP_PROFILE: 'production' }, startDefaults: { LOCAL_IDENTITY_PROVIDERS: 'true' } });
    assert.equal(env.LOCAL_IDENTITY_PROVIDERS, undefined);
  });

  it('leaves dev token minting to the operator: off by default, on when set, whatever HOST is', () => {
    assert.equal(loadConfig({}).devMintEndpointEnabled, false);
    for (const host of ['127.0.0.1', '0.0.0.0']) {
      assert.equal(loadConfig({ HOST: host, AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true' }).devMintEndpointEnabled, true, host);
    }
  });

  it('takes https identity-provider issuers and callbacks in production, and http ones elsewhere', () => {
    const urls = { NATIONAL_ISSUER: 'https://national.example.com', SOCIAL_ISSUER: 'https://social.example.com/' };
    assert.equal(loadConfig({ ...PRODUCTION, ...urls }).social.issuer, 'https://social.example.com/');
    assert.equal(loadConfig({ NATIONAL_ISSUER: 'http://127.0.0.1:9000' }).national.issuer, 'http://127.0.0.1:9000');
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, in production too', () => {
    const production = PRODUCTION;
    assert.equal(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy, 1);
    assert.deepEqual(loadConfig({ ...production, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy, ['10.0.0.1', '10.1.0.0/16']);
    assert.equal(loadConfig({ ...production }).secureCookies, true);
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true, 'outside production it stays allowed');
  });
});
