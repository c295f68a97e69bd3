import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * A browser's push subscription names a URL the service will post to. A user chooses it, so a
 * user could otherwise make the service post into its own network (SSRF): an endpoint must be
 * https on the default port, with a public host name (no userinfo, no bare or local names), and
 * every address it resolves to when a push is sent must be public. The test profile alone lets
 * http to a loopback address through, for the local push service the tests run.
 */

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address written inside IPv6 (`::ffff:a.b.c.d` or `::ffff:7f00:1`) is judged as IPv4. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const lower = address.toLowerCase();
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return { address: dotted[1]!, family: 'ipv4' };
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 'ipv4' };
  }
  return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

/** Whether the service may post to this address: public, or loopback when `allowLoopback` (test profile). */
export function allowedAddress(address: string, allowLoopback: boolean): boolean {
  const { address: plain, family } = unmapped(address);
  if (allowLoopback && LOOPBACK.check(plain, family)) return true;
  return !PRIVATE.check(plain, family);
}

const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home.arpa', '.corp'];

/** Why this endpoint is refused, or undefined when the service may post to it. */
export function endpointProblem(endpoint: string, allowLoopback: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const literal = isIP(host) !== 0;
  const loopback = allowLoopback && literal && allowedAddress(host, true) && !allowedAddress(host, false);
  if (loopback) return url.protocol === 'https:' || url.protocol === 'http:' ? undefined : 'must use https';
  if (url.protocol !== 'https:') return 'must use https';
  if (url.port !== '') return 'must use the default https port';
  return hostProblem(host, literal);
}

/** An address must be public; a name must look like one a public DNS answers for. */
function hostProblem(host: string, literal: boolean): string | undefined {
  if (literal) return allowedAddress(host, false) ? undefined : 'must not be a private, loopback or reserved address';
  if (!host.includes('.') || host === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return 'must name a public host';
  return undefined;
}

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  readonly code = 'EPRIVATEADDRESS';
}

/**
 * A DNS lookup for the push request that refuses a name resolving to any non-public address, so a
 * host name that passed the check when subscribing cannot later point the service inward.
 */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    const all: LookupAllOptions = { family: options.family ?? 0, all: true };
    dnsLookup(hostname, all, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      if (addresses.length === 0 || addresses.some((entry) => !allowedAddress(entry.address, allowLoopback)))
        return callback(new PrivateAddressError('the push endpoint resolves to a non-public address'));
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }) as LookupFunction;
}
