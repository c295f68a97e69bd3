import { isIP } from 'node:net';

/**
 * The per-address key of the rate limits and of the notification stream cap. An IPv6 client
 * usually holds a whole /64 (and may pick any address in it), so it is counted by its /64; IPv4,
 * also IPv4-mapped IPv6, by its address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (isIP(ip) !== 6) return `ip:${ip}`;
  return `ip6:${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without zone, `::` expanded, leading zeros dropped. */
function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // A dotted IPv4 tail (::1.2.3.4) is two groups; it only ever falls in the low 64 bits.
  const rightGroups = right.flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const missing = 8 - left.length - rightGroups.length;
  return [...left, ...Array.from({ length: Math.max(0, missing) }, () => '0'), ...rightGroups].map((group) => group.replace(/^0+(?=.)/, ''));
}
