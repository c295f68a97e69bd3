import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer …` header, if the header uses that scheme. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (plain === '::1') return true;
  return isIP(plain) === 4 && plain.startsWith('127.');
}

/** A proxy on the same host connects from loopback and passes the client's Host on; these give it away. */
function isForwarded(request: FastifyRequest): boolean {
  return Object.keys(request.headers).some((name) => name === 'forwarded' || name === 'x-real-ip' || name.startsWith('x-forwarded-'));
}

/**
 * Both the Host header and the socket's own peer must be loopback, and nothing may say the
 * request was forwarded: a proxy cannot vouch, even one running on this host.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  if (isForwarded(request)) return false;
  const host = request.headers.host ?? '';
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) && isLoopbackAddress(request.socket.remoteAddress);
}
