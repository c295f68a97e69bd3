import { after, before } from 'node:test';
import type { AppOverrides } from '../../src/app.ts';
import type { RawEnv } from '../../src/config/index.ts';
import type { Backend } from './backends.ts';
import { StreamClients } from './sse.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/** Filled in `before`: read it inside tests and hooks. */
export interface StreamSuite extends TestApp {
  /** The notification streams the tests open against the listening app. */
  streams: StreamClients;
}

/**
 * Called in a describe: a test app listening on a loopback port before the tests; after them, every
 * stream opened through `streams` is closed first, then the app.
 */
export function streamSuite(backend: Backend, options: { env?: RawEnv; overrides?: AppOverrides } = {}): StreamSuite {
  const suite = { streams: new StreamClients() } as StreamSuite;
  before(async () => {
    Object.assign(suite, await buildTestApp(backend, options.env, options.overrides));
    await suite.streams.listen(suite.app);
  });
  after(async () => {
    suite.streams.closeAll();
    await suite.close();
  });
  return suite;
}
