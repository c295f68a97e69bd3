import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Names that occur more than once in the request's Cookie header. */
function repeatedNames(header: string | undefined, names: ReadonlySet<string>): string[] {
  if (!header) return [];
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    const name = (equals === -1 ? pair : pair.slice(0, equals)).trim();
    if (!names.has(name)) continue;
    if (seen.has(name)) repeated.add(name);
    seen.add(name);
  }
  return [...repeated];
}

/** Every path a cookie sent with this request can have: the request path's prefixes. */
function pathsOf(url: string): string[] {
  const segments = (url.split('?')[0] ?? '/').split('/').filter(Boolean);
  return ['/', ...segments.map((_, index) => `/${segments.slice(0, index + 1).join('/')}`)];
}

/** Host-only, and each parent domain of the host (not a bare top-level label, not an IP address). */
function domainsOf(hostHeader: string | undefined): (string | undefined)[] {
  const host = (hostHeader ?? '').replace(/:\d+$/, '').toLowerCase();
  if (!host || isIP(host.replace(/^\[|\]$/g, '')) || !host.includes('.')) return [undefined];
  const labels = host.split('.');
  return [undefined, ...labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'))];
}

function clearEverywhere(request: FastifyRequest, reply: FastifyReply, name: string, secure: boolean) {
  for (const domain of domainsOf(request.headers.host)) {
    for (const path of pathsOf(request.url)) reply.clearCookie(name, { path, secure, ...(domain ? { domain } : {}) });
  }
}

/**
 * Two cookies of one name (a sibling subdomain can set a second, for the parent domain or another
 * path) leave the server guessing which is ours, and the cookie parser takes the first: that could
 * be the sibling's. So neither counts (no session from either) and the answer clears both, under
 * every path and domain the browser could have stored them.
 */
export const ambiguousCookies = fp(
  async (app: FastifyInstance, options: { names: string[]; secure: boolean }) => {
    const names = new Set(options.names);
    app.addHook('onRequest', async (request, reply) => {
      for (const name of repeatedNames(request.headers.cookie, names)) {
        delete request.cookies[name];
        clearEverywhere(request, reply, name, options.secure);
      }
    });
  },
  { name: 'ambiguous-cookies', dependencies: ['@fastify/cookie'] },
);
