import type { FastifyBaseLogger } from 'fastify';

export interface PushMessage {
  notificationId: string;
  type: string;
  title: string;
  message: string;
  resourceType: string;
  resourceId: string;
}

export interface PushTarget { deviceToken: string; platform: 'ANDROID' | 'IOS' | 'WEB' }

/**
 * Sends one notification to a user's devices. Called after commit, once per notification across
 * all instances (see the push outbox in the service), so an FCM/APNs sender plugs in here and no
 * producer changes.
 */
export interface PushGateway {
  send(message: PushMessage, targets: PushTarget[]): Promise<void>;
}

/** Until a real sender is configured: records that a push would go out, never the tokens. */
export class LoggingPushGateway implements PushGateway {
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  async send(message: PushMessage, targets: PushTarget[]): Promise<void> {
    this.#log.info({ push: { type: message.type, recipients: targets.length } }, 'push notification (logging gateway)');
  }
}
