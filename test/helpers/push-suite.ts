import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { RawEnv } from '../../src/config/index.ts';
import type { Database, DatabaseHandle } from '../../src/platform/db/index.ts';
import type { Backend } from './backends.ts';
import type { TestClock } from './clock.ts';
import { createSport, type Sport } from './games.ts';
import { buildTestApp, type TestApp } from './test-app.ts';
import { createUser } from './users.ts';

/** What a suite's pushes go to: the fake FCM, or a local web push service. */
export interface PushReceiver {
  /** The requests it refused (a bad token, a message it could not read). */
  rejected: unknown[];
  close(): Promise<void>;
}

export interface PushSuiteOptions<R extends PushReceiver> {
  start(): Promise<R>;
  /** The app's settings that point its pushes at the receiver. */
  env(receiver: R): RawEnv;
  clock: TestClock;
  /** The name of the sport (an activity at a venue) the suite's games are of. */
  sport: string;
  /** What an empty `rejected` at the end asserts. */
  valid: string;
}

/** Filled in `before`: read it inside tests and hooks. */
export interface PushSuite<R extends PushReceiver> extends TestApp {
  receiver: R;
  /** The app's database, for reading its push outbox directly. */
  db: Database;
  sport: Sport;
}

/**
 * Called in a describe: the receiver, then an app on `clock` pushing to it (its outbox polled every
 * 20 ms) with a sport. After the tests the app closes, then the receiver, which must have refused
 * no request.
 */
export function pushSuite<R extends PushReceiver>(backend: Backend, options: PushSuiteOptions<R>): PushSuite<R> {
  const suite = {} as PushSuite<R>;
  before(async () => {
    suite.receiver = await options.start();
    const overrides = { clock: options.clock, pushPollMs: 20, onDatabase: (handle: DatabaseHandle) => (suite.db = handle.db) };
    Object.assign(suite, await buildTestApp(backend, options.env(suite.receiver), overrides));
    suite.sport = await createSport(suite.app, await createUser(suite.app, { admin: true }), { name: options.sport });
  });
  after(async () => {
    await suite.close();
    await suite.receiver.close();
    assert.deepEqual(suite.receiver.rejected, [], options.valid);
  });
  return suite;
}
