import { realBackend } from '../../../test/helpers/backends.ts';
import { refreshTokensSuite } from './refresh-tokens.contract.ts';

// With real services: rotations on a private 3-master Redis Cluster (one hash slot per user).
if (realBackend) refreshTokensSuite({ name: 'redis cluster', backend: realBackend, redisUrl: undefined, cluster: true });
