import { after, before } from 'node:test';
import type { AppOverrides } from '../../src/app.ts';
import type { RawEnv } from '../../src/config/index.ts';
import type { Backend } from './backends.ts';
import { TestClock } from './clock.ts';
import { createSport, onboardedUser, type Sport } from './games.ts';
import { buildTestApp, type TestApp } from './test-app.ts';
import { createUser, type TestUser } from './users.ts';

export interface SuiteOptions {
  env?: RawEnv;
  overrides?: AppOverrides;
  /** The app runs on a TestClock from this instant (kept as `clock`). */
  startsAt?: string;
  /** An admin of its own, beside the one a sport brings. */
  admin?: boolean;
  /** An activity of this name with a venue offering it, made by an admin (kept as `admin`). */
  sport?: string;
  /** An onboarded user of this name, who may host games. */
  host?: string;
}

/** Filled in `before`: read it inside tests and hooks, never while the suite is being declared. */
export interface Suite extends TestApp {
  /** Only when asked for (`admin`, or `sport`). */
  admin: TestUser;
  /** Only when asked for. */
  sport: Sport;
  /** Only when asked for. */
  host: TestUser;
  /** Only with `startsAt`; there at once, before the app is. */
  clock: TestClock;
}

/**
 * A test app for the enclosing `describe`, with the people most tests start from. The hooks are
 * registered here, so a test file declares only what is its own; hooks the file registers after
 * this call run after these (`before`: the app is there) and, for `after`, once the app is closed.
 */
export function appSuite(backend: Backend, options: SuiteOptions = {}): Suite {
  const suite = {} as Suite;
  if (options.startsAt) suite.clock = new TestClock(new Date(options.startsAt));
  const overrides = options.startsAt ? { ...options.overrides, clock: suite.clock } : options.overrides;
  before(async () => {
    Object.assign(suite, await buildTestApp(backend, options.env, overrides));
    if (options.admin || options.sport) suite.admin = await createUser(suite.app, { admin: true });
    if (options.sport) suite.sport = await createSport(suite.app, suite.admin, { name: options.sport });
    if (options.host) suite.host = await onboardedUser(suite.app, options.host);
  });
  after(() => suite.close());
  return suite;
}
