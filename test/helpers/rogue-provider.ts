import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EmbeddedJWK, calculateJwkThumbprint, jwtVerify, type JWK } from 'jose';
import { createIdTokenSigner, type IdTokenFault } from './rogue-id-token.ts';

/** What the provider can be told to get wrong besides the ID token itself. */
export type ResponseFault =
  | 'auth-iss-wrong'
  | 'auth-iss-missing'
  | 'auth-state-wrong'
  | 'auth-state-missing'
  | 'no-expires-in'
  | 'token-type-other-case'
  | 'dpop-nonce-at-par'
  | 'dpop-nonce-at-token'
  | 'code-reusable';
export type Fault = IdTokenFault | ResponseFault;

export interface RogueProviderOptions {
  /** national: PAR, DPoP, private_key_jwt, ES256 in a JWE; social: client secret, RS256. */
  profile: 'national' | 'social';
  clientId: string;
  /** National: the client's public enc key, which ID tokens are encrypted to. */
  encryptTo?: JWK;
}

export interface RogueProvider {
  issuer: string;
  /** Misbehaves in this one way (or not at all) from now on; resets the counters. */
  misbehave(fault: Fault | undefined): void;
  /** Requests received since the last misbehave(). */
  readonly counts: { par: number; token: number };
  /** The subject of the last authorization: what a sign-in would have stored. */
  readonly lastSubject: string | undefined;
  close(): Promise<void>;
}

interface Grant {
  params: URLSearchParams;
  sub: string;
  used: boolean;
}

const IMPOSTOR = 'https://impostor.example.test';

class Refusal extends Error {
  readonly status: number;
  readonly error: string;
  readonly headers: Record<string, string>;
  constructor(status: number, error: string, headers: Record<string, string> = {}) {
    super(error);
    this.status = status;
    this.error = error;
    this.headers = headers;
  }
}

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers }).end(JSON.stringify(body));
}

/**
 * A test-only OpenID provider that can be told to misbehave in one way at a time, the way the
 * OpenID Foundation's FAPI 2.0 client tests do. It checks only what it needs to answer (PKCE, DPoP
 * proofs and nonces, code use); what is under test is the client's side.
 */
export async function startRogueProvider(options: RogueProviderOptions): Promise<RogueProvider> {
  const national = options.profile === 'national';
  const signer = await createIdTokenSigner(national ? 'ES256' : 'RS256', options.encryptTo);
  const pushed = new Map<string, URLSearchParams>();
  const grants = new Map<string, Grant>();
  const dpopNonce = randomBytes(16).toString('base64url');
  const counts = { par: 0, token: 0 };
  let fault: Fault | undefined;
  let lastSubject: string | undefined;
  let issuer = '';

  /**
   * Checks the DPoP proof and returns its key's thumbprint (the code is bound to the key that pushed
   * the request); with the nonce fault for this endpoint, first asks for a nonce.
   */
  async function checkDPoP(req: IncomingMessage, path: string, nonceFault: Fault): Promise<string> {
    const proof = req.headers.dpop;
    if (typeof proof !== 'string') throw new Refusal(400, 'invalid_dpop_proof');
    const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'] }).catch(() => {
      throw new Refusal(400, 'invalid_dpop_proof');
    });
    if (payload.htm !== 'POST' || payload.htu !== `${issuer}${path}`) throw new Refusal(400, 'invalid_dpop_proof');
    if (fault === nonceFault && payload.nonce !== dpopNonce) throw new Refusal(400, 'use_dpop_nonce', { 'dpop-nonce': dpopNonce });
    return calculateJwkThumbprint(protectedHeader.jwk!);
  }

  function checkClient(req: IncomingMessage, body: URLSearchParams): void {
    const authenticated = national
      ? body.get('client_assertion_type') === 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer' && body.has('client_assertion')
      : req.headers.authorization?.startsWith('Basic ') === true;
    if (!authenticated) throw new Refusal(401, 'invalid_client');
  }

  function discovery() {
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      code_challenge_methods_supported: ['S256'],
      // Hostile: it advertises the algorithms it means to attack with; the client's pinned alg must win.
      id_token_signing_alg_values_supported: [signer.alg, 'HS256', 'none'],
      authorization_response_iss_parameter_supported: true,
      ...(national
        ? {
            pushed_authorization_request_endpoint: `${issuer}/par`,
            require_pushed_authorization_requests: true,
            token_endpoint_auth_methods_supported: ['private_key_jwt'],
            dpop_signing_alg_values_supported: ['ES256'],
            id_token_encryption_alg_values_supported: [options.encryptTo?.alg ?? 'ECDH-ES+A256KW'],
            id_token_encryption_enc_values_supported: ['A256GCM'],
          }
        : { token_endpoint_auth_methods_supported: ['client_secret_basic'] }),
    };
  }

  async function par(req: IncomingMessage, res: ServerResponse): Promise<void> {
    counts.par++;
    const body = await form(req);
    checkClient(req, body);
    body.set('dpop_jkt', await checkDPoP(req, '/par', 'dpop-nonce-at-par'));
    const requestUri = `urn:ietf:params:oauth:request_uri:${randomBytes(12).toString('base64url')}`;
    pushed.set(requestUri, body);
    json(res, 201, { request_uri: requestUri, expires_in: 60 });
  }

  /** Signs the user in at once and redirects back, with the authorization response faults applied. */
  function authorize(url: URL, res: ServerResponse): void {
    const params = national ? pushed.get(url.searchParams.get('request_uri') ?? '') : url.searchParams;
    if (!params || params.get('code_challenge_method') !== 'S256') throw new Refusal(400, 'invalid_request');
    const code = randomBytes(16).toString('base64url');
    lastSubject = `rogue-${randomBytes(8).toString('hex')}`;
    grants.set(code, { params, sub: lastSubject, used: false });
    const back = new URL(params.get('redirect_uri')!);
    back.searchParams.set('code', code);
    if (fault !== 'auth-state-missing') back.searchParams.set('state', fault === 'auth-state-wrong' ? 'not-the-state-that-was-sent' : params.get('state')!);
    if (fault !== 'auth-iss-missing') back.searchParams.set('iss', fault === 'auth-iss-wrong' ? IMPOSTOR : issuer);
    res.writeHead(302, { location: back.href }).end();
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    counts.token++;
    const body = await form(req);
    checkClient(req, body);
    const dpopKey = national ? await checkDPoP(req, '/token', 'dpop-nonce-at-token') : null;
    const grant = grants.get(body.get('code') ?? '');
    if (!grant || (grant.used && fault !== 'code-reusable')) throw new Refusal(400, 'invalid_grant');
    if (dpopKey !== grant.params.get('dpop_jkt')) throw new Refusal(400, 'invalid_grant');
    const challenge = createHash('sha256')
      .update(body.get('code_verifier') ?? '')
      .digest('base64url');
    if (challenge !== grant.params.get('code_challenge')) throw new Refusal(400, 'invalid_grant');
    grant.used = true;
    const idToken = await signer.issue(
      {
        iss: issuer,
        aud: options.clientId,
        sub: grant.sub,
        nonce: grant.params.get('nonce')!,
        name: 'Rogue Tester',
      },
      fault as IdTokenFault,
    );
    const tokenType = national ? 'DPoP' : 'Bearer';
    json(res, 200, {
      access_token: randomBytes(24).toString('base64url'),
      token_type: fault === 'token-type-other-case' ? (national ? 'dpop' : 'BEARER') : tokenType,
      ...(fault === 'no-expires-in' ? {} : { expires_in: 300 }),
      id_token: idToken,
      scope: 'openid',
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    const endpoint = `${req.method} ${url.pathname}`;
    if (endpoint === 'GET /.well-known/openid-configuration') return json(res, 200, discovery());
    if (endpoint === 'GET /jwks') return json(res, 200, signer.jwks);
    if (endpoint === 'GET /authorize') return authorize(url, res);
    if (endpoint === 'POST /token') return token(req, res);
    if (endpoint === 'POST /par' && national) return par(req, res);
    json(res, 404, { error: 'not_found' });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (error instanceof Refusal) return json(res, error.status, { error: error.error }, error.headers);
      json(res, 500, { error: 'server_error' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    counts,
    get lastSubject() {
      return lastSubject;
    },
    misbehave(next) {
      fault = next;
      counts.par = 0;
      counts.token = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
