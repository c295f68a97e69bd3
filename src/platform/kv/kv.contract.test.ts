import { backends } from '../../../test/helpers/backends.ts';
import { storeContract } from './kv.contract.ts';

// The embedded store on PGlite; with real services also Redis, and the embedded store on
// PostgreSQL, where concurrent callers come through separate connections. The Redis Cluster
// variant has a file of its own (kv.contract.cluster.test.ts), so its private cluster runs in a
// process of its own.
for (const backend of backends) {
  if (backend.redisUrl) {
    storeContract({ name: 'redis', backend, redisUrl: backend.redisUrl });
    storeContract({ name: 'sql on postgres', backend, redisUrl: undefined });
  } else {
    storeContract({ name: 'sql on pglite', backend, redisUrl: undefined });
  }
}
