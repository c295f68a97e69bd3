import { realBackend } from '../../../test/helpers/backends.ts';
import { storeContract } from './kv.contract.ts';

// With real services: the contract on a private 3-master Redis Cluster.
if (realBackend) storeContract({ name: 'redis cluster', backend: realBackend, redisUrl: undefined, cluster: true });
