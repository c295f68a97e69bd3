import type { Clock } from './platform/clock.ts';
import type { DatabaseHandle } from './platform/db/index.ts';
import type { PushGateway } from './modules/notifications/index.ts';

/** What tests (and only tests) change in the app `buildApp` makes. */
export interface AppOverrides {
  clock?: Clock;
  /** Keeps parallel test apps apart on one Redis. */
  storeKeyPrefix?: string;
  /** Notification stream heartbeat and sweep interval; tests shorten it. */
  streamHeartbeatMs?: number;
  /** Where log lines go instead of stdout; tests read what was logged. */
  logStream?: { write(line: string): void };
  /** How often the scheduler runs the jobs (JOBS_ENABLED); tests shorten it. */
  jobsIntervalMs?: number;
  /** Push outbox poll interval (retries); tests shorten it. */
  pushPollMs?: number;
  /** Replaces the push gateway the configuration implies (tests count what is sent). */
  pushGateway?: PushGateway;
  /** Hands tests the app's own database (the embedded one exists only inside the app). */
  onDatabase?: (database: DatabaseHandle) => void;
}
