import { after, before } from 'node:test';
import pg from 'pg';
import type { Backend } from './backends.ts';
import { appSuite, type Suite, type SuiteOptions } from './suite.ts';

/** A suite whose tests also reach into the app's PostgreSQL database on a connection of their own. */
export interface ClientSuite extends Suite {
  client: pg.Client;
}

/**
 * appSuite on a PostgreSQL backend, with `client` connected to the app's database before the tests
 * and ended before the app closes (its database is dropped then).
 */
export function appSuiteWithClient(backend: Backend, options: SuiteOptions = {}): ClientSuite {
  // Registered ahead of appSuite's hooks: `after` hooks run in the order they were registered.
  after(() => suite.client?.end());
  const suite = appSuite(backend, options) as ClientSuite;
  before(async () => {
    const client = new pg.Client({ connectionString: suite.config.databaseUrl });
    await client.connect();
    suite.client = client;
  });
  return suite;
}
