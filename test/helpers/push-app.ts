import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/platform/db/index.ts';
import type { AppOverrides } from '../../src/app.ts';
import type { Backend } from './backends.ts';
import type { FakeFcm } from './fake-fcm.ts';
import { buildTestApp, type TestApp } from './test-app.ts';
import type { TestUser } from './users.ts';

/** The service's settings that send its pushes to the fake FCM. */
export const fcmSettings = (fcm: FakeFcm) => ({ FCM_SERVICE_ACCOUNT_JSON: fcm.serviceAccountJson, FCM_BASE_URL: fcm.url });

/** A test app that pushes to the fake FCM, polling its outbox every 20 ms, with its database for reading the outbox directly. */
export async function buildPushTestApp(backend: Backend, fcm: FakeFcm, clock: AppOverrides['clock']): Promise<{ t: TestApp; db: Database }> {
  let db: Database | undefined;
  const t = await buildTestApp(backend, fcmSettings(fcm), {
    clock,
    pushPollMs: 20,
    onDatabase: (handle) => {
      db = handle.db;
    },
  });
  return { t, db: db! };
}

/** Registers a device for the user's pushes (answered 201); answers when the service recorded it. */
export async function registerDevice(app: FastifyInstance, user: Pick<TestUser, 'auth'>, token: string, platform = 'ANDROID'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/device-tokens', headers: user.auth, payload: { deviceToken: token, platform } });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data.createdAt as string;
}
