import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Misbehaviour, MisbehaviourSwitch } from './misbehaviour.ts';
import { createNationalProvider, type IdTokenEncryption, type NationalProvider } from './national-provider.ts';
import { createSocialProvider } from './social-provider.ts';

export interface LocalProvidersOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * `clientJwks`: register these keys (as NATIONAL_CLIENT_JWKS) instead of fresh ones, to survive restarts.
   * `idTokenEncryption`: the algorithm, content encryption and key the provider encrypts ID tokens with.
   */
  national: { redirectUris: string[]; clientJwks?: string; idTokenEncryption?: IdTokenEncryption };
  /** `clientSecret`: use this secret instead of a fresh one, to survive restarts. */
  social: { redirectUris: string[]; connections: string[]; connectionParam: string; clientSecret?: string };
}

export interface LocalProviders {
  national: { issuer: string; clientId: string; clientJwks: string };
  social: { issuer: string; clientId: string; clientSecret: string };
  /** Provider-side test knob: makes the following token responses misbehave until set back to 'none'. */
  setMisbehaviour(provider: 'national' | 'social', mode: Misbehaviour): void;
  /** The protected header (alg, enc, kid…) of the last ID token the provider issued, before any misbehaviour. */
  lastIdTokenHeader(provider: 'national' | 'social'): Record<string, unknown> | undefined;
  /** Rebuilds the national provider (same issuer, keys and client) to encrypt ID tokens another way. */
  setNationalEncryption(setting: IdTokenEncryption): Promise<void>;
  close(): Promise<void>;
}

/** The variables that point the service at these providers, exactly as at real ones. */
export function providerEnv(providers: LocalProviders): Record<string, string> {
  return {
    NATIONAL_ISSUER: providers.national.issuer,
    NATIONAL_CLIENT_ID: providers.national.clientId,
    NATIONAL_CLIENT_JWKS: providers.national.clientJwks,
    SOCIAL_ISSUER: providers.social.issuer,
    SOCIAL_CLIENT_ID: providers.social.clientId,
    SOCIAL_CLIENT_SECRET: providers.social.clientSecret,
  };
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Mounts a handler under a path prefix the way Express does (`originalUrl`, `baseUrl`), which is
 * how oidc-provider works out the full URLs of its endpoints behind a mount point.
 */
function mount(prefix: string, handler: Handler): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const url = req.url ?? '/';
    if (url !== prefix && !url.startsWith(`${prefix}/`) && !url.startsWith(`${prefix}?`)) return false;
    Object.assign(req, { originalUrl: url, baseUrl: prefix });
    req.url = url.slice(prefix.length) || '/';
    if (req.url.startsWith('?')) req.url = `/${req.url}`;
    handler(req, res);
    return true;
  };
}

/** Both providers on one plain-http server: issuers `<origin>/national` and `<origin>/social`. */
export async function startLocalProviders(options: LocalProvidersOptions): Promise<LocalProviders> {
  const host = options.host ?? '127.0.0.1';
  const mounts: Array<ReturnType<typeof mount>> = [];
  const server = createServer((req, res) => {
    if (mounts.some((handle) => handle(req, res))) return;
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  // The issuers contain the port, so the providers can only be built once it is known.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });

  try {
    const { port } = server.address() as AddressInfo;
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    let national: NationalProvider = await createNationalProvider(`${origin}/national`, options.national);
    let nationalHandler = national.provider.callback();
    const social = await createSocialProvider(`${origin}/social`, options.social);
    mounts.push(
      mount('/national', (req, res) => nationalHandler(req, res)),
      mount('/social', social.provider.callback()),
    );
    const switches: Record<'national' | 'social', MisbehaviourSwitch> = {
      national: national.misbehaviour,
      social: social.misbehaviour,
    };
    const clientJwks = national.clientJwks;

    return {
      national: { issuer: national.provider.issuer, clientId: national.clientId, clientJwks },
      social: { issuer: social.provider.issuer, clientId: social.clientId, clientSecret: social.clientSecret },
      setMisbehaviour: (provider, mode) => switches[provider].set(mode),
      lastIdTokenHeader: (provider) => switches[provider].lastIdTokenHeader(),
      async setNationalEncryption(idTokenEncryption) {
        national = await createNationalProvider(
          national.provider.issuer,
          { redirectUris: options.national.redirectUris, clientJwks, idTokenEncryption },
          national.signing,
        );
        nationalHandler = national.provider.callback();
        switches.national = national.misbehaviour;
      },
      close: () => stop(server),
    };
  } catch (error) {
    await stop(server);
    throw error;
  }
}

function stop(server: ReturnType<typeof createServer>): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Keep-alive sockets from fetch would otherwise hold close() open.
    server.closeAllConnections();
  });
}
