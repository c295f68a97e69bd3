import { backends } from '../../../test/helpers/backends.ts';
import { refreshTokensSuite } from './refresh-tokens.contract.ts';

// The embedded store, and with real services Redis too; the Redis Cluster variant has a file of
// its own (refresh-tokens.cluster.test.ts), so its private cluster runs in a process of its own.
for (const backend of backends) {
  refreshTokensSuite({ name: `${backend.name}, embedded store`, backend, redisUrl: undefined });
  if (backend.redisUrl) refreshTokensSuite({ name: 'redis', backend, redisUrl: backend.redisUrl });
}
