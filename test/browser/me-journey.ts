/**
 * The journey harness listens on a port chosen at start, so the service cannot list the app's own
 * origin among those it trusts for cookie writes (a change from the browser is refused as cross-site).
 * Until the harness does, the me journeys reach the service through a pass-through on a port picked
 * first, whose origin the service is told to trust.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mintTokens } from '../helpers/users.ts';
import { startJourney, type Journey, type Person } from './journey.ts';

export interface MeJourney extends Journey {
  /** The app's address through the pass-through: `${journey.app}/app/...`. */
  app: string;
}

export async function startMeJourney(): Promise<MeJourney> {
  let target = '';
  const proxy: Server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', target);
    const forwarded = request(url, { method: incoming.method, headers: { ...incoming.headers, host: url.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const app = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const journey = await startJourney({ CORS_ALLOWED_ORIGINS: app });
  target = journey.base;
  const close = journey.close.bind(journey);
  return Object.assign(journey, {
    app,
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await close();
    },
  });
}

/** Fresh tokens for a person after the clock moved past their access token's life (the server reads its clock). */
export async function freshTokens(journey: Journey, person: Person): Promise<void> {
  const tokens = await mintTokens(journey.service.app, person.id);
  person.auth = { authorization: `Bearer ${tokens.accessToken}` };
  const domain = new URL(journey.base).hostname;
  await person.context.addCookies([
    { name: 'access_token', value: tokens.accessToken, domain, path: '/', httpOnly: true, sameSite: 'Strict' },
    { name: 'refresh_token', value: tokens.refreshToken, domain, path: '/api/v1/auth', httpOnly: true, sameSite: 'Strict' },
  ]);
}
