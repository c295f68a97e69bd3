/** The service process: config, local providers in development, buildApp, listen, graceful close. */
import { readFileSync } from 'node:fs';
import { buildApp } from './app.ts';
import { START_DEFAULTS, layeredEnv, loadConfigOrExit, type Config, type RawEnv } from './config/index.ts';
import { loadLocalProviders, type LocalProviders } from './modules/auth/index.ts';
import type { Tracing } from './platform/observability/tracing.ts';
import { describeError } from './platform/http/error-facts.ts';

/**
 * The bundled providers are ordinary OpenID providers on another port; the service finds them
 * through the same variables as real ones, and anything set explicitly still wins.
 */
async function withLocalProviders(env: RawEnv, config: Readonly<Config>): Promise<{ config: Readonly<Config>; providers: LocalProviders }> {
  const { providerEnv, startLocalProviders } = await loadLocalProviders();
  const providers = await startLocalProviders({
    host: '127.0.0.1',
    // An explicit NATIONAL_CLIENT_JWKS is registered too, so the provider encrypts to (and with the alg of) its key.
    national: { redirectUris: [config.national.redirectUri], clientJwks: config.national.clientJwks },
    social: { redirectUris: [config.social.redirectUri], connections: config.social.connections, connectionParam: config.social.connectionParam },
  });
  return { config: loadConfigOrExit({ ...providerEnv(providers), ...env }), providers };
}

/**
 * The queue of connections the kernel has accepted and the service not yet taken (Node's default is
 * 511): a reconnect storm of 10,000 streams arrives faster than a busy event loop accepts, and a
 * full queue drops the handshakes, which clients see as stalls and resets. The kernel caps it at
 * net.core.somaxconn (as this process's network namespace has it), which is logged at start.
 */
export const LISTEN_BACKLOG = 8192;

function somaxconn(): number | undefined {
  try {
    return Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim());
  } catch {
    return undefined;
  }
}

/**
 * Runs the service until a signal stops it; server.ts hands over the process environment and
 * arguments, and the tracing it started (OTEL_EXPORTER_OTLP_ENDPOINT), if any.
 */
export async function serve(processEnv: RawEnv, argv: string[], tracing?: Tracing): Promise<void> {
  const localDefaults = argv.includes('--local-defaults');
  let env = layeredEnv({ processEnv, dotEnvPath: '.env', startDefaults: localDefaults ? START_DEFAULTS : {} });
  let config = loadConfigOrExit(env);
  // The bundled web app's callback page, on whatever address the service has (not outside production).
  if (localDefaults && env.FRONTEND_CALLBACK_URL === undefined && config.profile !== 'production') {
    env = { ...env, FRONTEND_CALLBACK_URL: `${config.baseUrl}/app/auth/callback` };
    config = loadConfigOrExit(env);
  }
  let providers: LocalProviders | undefined;
  if (config.localIdentityProviders) ({ config, providers } = await withLocalProviders(env, config));
  const app = await buildApp(config, {}, tracing?.spans);
  if (providers) app.log.info({ national: providers.national.issuer, social: providers.social.issuer }, 'local identity providers started');

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stops accepting, lets in-flight requests finish, then closes pools (onClose hooks).
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await providers?.close();
      // Last: the spans of the shutdown itself are sent too.
      await tracing?.shutdown().catch(() => undefined);
      app.log.info({ signal }, 'shutdown complete');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: describeError(error, { stack: true }) }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
    const cap = somaxconn();
    app.log.info({ backlog: cap === undefined ? LISTEN_BACKLOG : Math.min(cap, LISTEN_BACKLOG), somaxconn: cap }, 'listen backlog');
  } catch (error) {
    app.log.fatal({ err: describeError(error, { stack: true }) }, 'could not listen');
    process.exit(1);
  }
}
