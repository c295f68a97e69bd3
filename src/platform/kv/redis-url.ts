/** Where the store's Redis is: one server, a Sentinel-managed primary, or a Cluster. */
export type RedisTarget =
  | { mode: 'standalone'; url: string; waitReplicas: number }
  | {
      mode: 'sentinel';
      sentinels: Array<{ host: string; port: number }>;
      masterName: string;
      username?: string;
      password?: string;
      sentinelPassword?: string;
      db: number;
      tls: boolean;
      waitReplicas: number;
    }
  | { mode: 'cluster'; nodes: Array<{ host: string; port: number }>; username?: string; password?: string; tls: boolean; waitReplicas: 0 };

export class RedisUrlError extends Error {}

const NODE = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;

function nodes(list: string): Array<{ host: string; port: number }> {
  return list.split(',').map((item) => {
    const match = NODE.exec(item.trim());
    const port = Number(match?.[2]);
    if (!match || port < 1 || port > 65535) throw new RedisUrlError(`has a bad host:port "${item.trim()}"`);
    return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
  });
}

function wait(query: URLSearchParams, fallback: number): number {
  const value = query.get('waitReplicas');
  if (value === null) return fallback;
  if (!/^\d$/.test(value)) throw new RedisUrlError('has a waitReplicas that is not a number from 0 to 9');
  return Number(value);
}

/** `user:password` as written before the hosts; each part only when given. */
function authOf(credentials: string | undefined): { username?: string; password?: string } {
  const [user, ...rest] = (credentials ?? '').split(':');
  return {
    ...(user ? { username: decodeURIComponent(user) } : {}),
    ...(rest.length && rest.join(':') ? { password: decodeURIComponent(rest.join(':')) } : {}),
  };
}

/**
 * `redis[s]://[user:password@]host:port[/db]` (one server),
 * `redis[s]-sentinel://[user:password@]host:port,host:port/masterName[?db=N&sentinelPassword=…&waitReplicas=N]`,
 * `redis[s]-cluster://[user:password@]host:port,host:port`.
 * `waitReplicas`: how many replicas must hold a single-use mark or a new refresh token before the
 * service answers (Redis replicates asynchronously, so a failover may otherwise forget them);
 * 1 by default with Sentinel (it needs a replica to fail over to), 0 for one server; a Cluster
 * cannot wait (WAIT acts on the connection's own node).
 */
export function parseRedisUrl(value: string): RedisTarget {
  const match = /^(rediss?)(-sentinel|-cluster)?:\/\/(?:([^@/]*)@)?([^/?#]+)(\/[^?#]*)?(?:\?([^#]*))?$/.exec(value);
  if (!match) throw new RedisUrlError('must be redis://host:port, redis-sentinel://host:port,…/master or redis-cluster://host:port,…');
  const [, scheme, kind, credentials, hosts, pathPart, search] = match;
  const query = new URLSearchParams(search ?? '');
  if (!kind) return { mode: 'standalone', url: value, waitReplicas: wait(query, 0) };
  const auth = authOf(credentials);
  const tls = scheme === 'rediss';
  if (kind === '-cluster') {
    if (pathPart && pathPart !== '/') throw new RedisUrlError('names no database with a Cluster (a Cluster has only db 0)');
    if (query.has('waitReplicas')) throw new RedisUrlError('cannot wait for replicas with a Cluster (WAIT acts on one node)');
    return { mode: 'cluster', nodes: nodes(hosts!), ...auth, tls, waitReplicas: 0 };
  }
  const masterName = decodeURIComponent((pathPart ?? '').slice(1));
  if (!masterName) throw new RedisUrlError('must name the Sentinel master after the hosts: redis-sentinel://host:port,host:port/mymaster');
  const db = query.get('db') ?? '0';
  if (!/^\d{1,2}$/.test(db)) throw new RedisUrlError('has a db that is not a number');
  const sentinelPassword = query.get('sentinelPassword');
  return {
    mode: 'sentinel',
    sentinels: nodes(hosts!),
    masterName,
    ...auth,
    ...(sentinelPassword ? { sentinelPassword } : {}),
    db: Number(db),
    tls,
    waitReplicas: wait(query, 1),
  };
}
