import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { realBackend, withClient } from '../../../test/helpers/backends.ts';
import { FCM, startFakeFcm, type FakeFcm } from '../../../test/helpers/fake-fcm.ts';
import { createSport, gameBody, onboardedUser, createGame } from '../../../test/helpers/games.ts';
import { httpApp } from '../../../test/helpers/http-app.ts';
import { registerDevice } from '../../../test/helpers/push-app.ts';
import { freePort, startServer, STARTUP_WAIT_MS, waitHealthy, type ServerProcess } from '../../../test/helpers/server-process.ts';
import { INTERNAL_SECRET } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/users.ts';

/**
 * The real entry point as a process on PostgreSQL (the embedded database belongs to one process),
 * killed with SIGKILL after a notification and its outbox row committed but before any push left,
 * then started again: the push is delivered, once. Then killed while FCM holds its answer to a
 * message it accepted (the one window with an unknown outcome): the restarted sender sends it again
 * once the lease lapses, and the device replaces the first, so it shows the notification once.
 *
 * A restarted process's clock cannot be injected, so the lease lapses in the database instead: the
 * dead sender's lease is moved to the past, as the 60 s it runs would have done.
 */
/** Generous: the machine may be loaded; only a push that never comes should fail the test. */
const WAIT_MS = 60_000;

if (realBackend) {
  describe('push survives kill -9 between commit and send (postgres)', () => {
    let fcm: FakeFcm;
    let database: { url: string; drop(): Promise<void> };
    let dataDir: string;
    let server: ServerProcess | undefined;
    let env: Record<string, string>;
    let base: string;
    let joinAs: () => Promise<void>;

    before(async () => {
      fcm = await startFakeFcm();
      database = await realBackend!.freshDatabase();
      dataDir = mkdtempSync(path.join(tmpdir(), 'svc-crash-'));
    });
    after(async () => {
      server?.child.kill('SIGKILL');
      await server?.exited();
      await fcm.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('the restarted process delivers the queued push exactly once', async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      env = {
        APP_PROFILE: 'test',
        PORT: String(port),
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        INTERNAL_SECRET,
        AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true',
        JOBS_ENABLED: 'false',
        FCM_SERVICE_ACCOUNT_JSON: fcm.serviceAccountJson,
        FCM_BASE_URL: fcm.url,
      };
      // The sender cannot get an access token: it is stuck before sending anything.
      fcm.holdTokenRequests = true;
      server = startServer(env);
      await waitHealthy(base, STARTUP_WAIT_MS);
      const app = httpApp(base);
      const sport = await createSport(app, await createUser(app, { admin: true }), { name: 'Crash ball' });
      const host = await onboardedUser(app, 'Host Crash');
      await registerDevice(app, host, 'crash-phone-token');
      const game = await createGame(app, host, gameBody(sport, new Date(), 48, { slots: 5 }));
      joinAs = async () => {
        const response = await app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: (await createUser(app)).auth });
        assert.equal(response.statusCode, 201, response.body);
      };
      await joinAs();
      const [notification] = (await app.inject({ url: '/api/v1/notifications?size=1', headers: host.auth })).json().data.content as Array<{ id: string }>;
      assert.ok(notification, 'the notification committed');
      await fcm.until(() => fcm.tokenRequests > 0, WAIT_MS);

      server.child.kill('SIGKILL');
      assert.equal(await server.exited(), null, 'killed, not exited');
      assert.equal(fcm.delivered.length, 0, 'nothing was sent before the crash');

      fcm.holdTokenRequests = false;
      server = startServer(env);
      await waitHealthy(base, STARTUP_WAIT_MS);
      await fcm.until(() => fcm.delivered.length >= 1, WAIT_MS);
      assert.equal(fcm.delivered[0]!.message.data.notificationId, notification.id);
      // A later push arriving means the restarted sender has passed the first one for good.
      await joinAs();
      await fcm.until(() => fcm.delivered.length >= 2, WAIT_MS);
      assert.deepEqual(fcm.delivered.filter((item) => item.message.data.notificationId === notification.id).length, 1, 'exactly once');
      assert.equal(fcm.delivered.length, 2);
      assert.deepEqual(
        fcm.screen('crash-phone-token').map((shown) => shown.received),
        [1, 1],
      );
    });

    it('killed after FCM accepted a push but before recording it: sent again after the lease, shown once', async () => {
      fcm.script('crash-phone-token', [FCM.acceptedAnswerHeld()]);
      await joinAs();
      await fcm.until(() => fcm.delivered.length >= 3, WAIT_MS);
      const inFlight = fcm.delivered[2]!.message.data.notificationId!;
      server!.child.kill('SIGKILL');
      assert.equal(await server!.exited(), null, 'killed, not exited');
      assert.equal(await lapseLeases(database.url), 1, 'the dead sender held the push it was sending');
      server = startServer(env);
      await waitHealthy(base, STARTUP_WAIT_MS);
      await fcm.until(() => fcm.delivered.length >= 4, WAIT_MS);
      assert.equal(fcm.delivered[3]!.message.data.notificationId, inFlight, 'the push whose outcome was unknown went again');
      // The child's log line travels through a pipe and may reach this process after FCM got the resend.
      const resent = /sending again, the outcome of the last attempt is unknown/;
      for (const end = Date.now() + WAIT_MS; !resent.test(server.output()) && Date.now() < end;) await sleep(50);
      assert.match(server.output(), resent);
      const shown = fcm.screen('crash-phone-token');
      assert.equal(shown.length, 3, 'three notifications on the phone');
      assert.deepEqual(
        shown.filter((entry) => entry.notificationId === inFlight),
        [{ key: inFlight, notificationId: inFlight, received: 2 }],
        'the resend replaced the first',
      );
    });
  });
}

/** Ends every lease on the push outbox now; how many rows were leased. */
async function lapseLeases(url: string): Promise<number> {
  const result = await withClient(url, (client) =>
    client.query(`UPDATE push_outbox SET claimed_until = now() - interval '1 second' WHERE claimed_until IS NOT NULL`),
  );
  return result.rowCount ?? 0;
}
