import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { adminDatabaseUrl, backends, realBackend, type Backend } from '../../../test/helpers/backends.ts';
import { twoInstances } from '../../../test/helpers/cluster.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../../../test/helpers/games.ts';
import { listen, openStream, type SseClient, type SseEvent, drain } from '../../../test/helpers/sse.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';
import { systemClock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { NotificationType } from './notifications.schemas.ts';
import { NotificationsService } from './notifications.service.ts';

const STREAM = '/api/v1/notifications/stream';
const silent = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const typeOf = (event: SseEvent) => (JSON.parse(event.data) as { type: string }).type;

for (const backend of backends) {
  describe(`stream resume with concurrent writers (${backend.name})`, () => {
    let t: TestApp;
    let base: string;
    let db: Database;
    let service: NotificationsService;
    const open: SseClient[] = [];
    const connect = async (who: TestUser, lastEventId: string) => {
      const stream = await openStream(`${base}${STREAM}`, { ...who.auth, 'last-event-id': lastEventId });
      open.push(stream);
      assert.equal(stream.status, 200);
      return stream;
    };

    before(async () => {
      t = await buildTestApp(
        backend,
        {},
        {
          onDatabase: (handle) => {
            db = handle.db;
          },
        },
      );
      base = await listen(t.app);
      // The games module's producer, on the app's own database: the same rows, outbox and signal.
      service = new NotificationsService({ db, clock: systemClock, log: silent, timeZone: 'UTC' });
    });
    after(async () => {
      for (const stream of open) stream.close();
      await t.close();
    });

    const emitter = (user: TestUser, gameId: string) => (type: NotificationType, tx: Parameters<NotificationsService['emit']>[1]) =>
      service.emit({ type, gameId, recipients: [user.id], title: type }, tx);

    it('two transactions whose later sequence number commits first: a resume delivers both, once each, in a stable order', async () => {
      const user = await createUser(t.app);
      const emit = emitter(user, randomUUID());
      await db.transaction((tx) => emit('GAME_UPDATED', tx));
      const first = await connect(user, '0');
      const seen = await first.next(2000);
      assert.equal(typeOf(seen), 'GAME_UPDATED');
      first.close();

      // T1 inserts first (the earlier seq) and stays open; T2 inserts after it (the later seq).
      const inserted = deferred();
      const release = deferred();
      const t1 = db.transaction(async (tx) => {
        await emit('PLAYER_JOINED', tx);
        inserted.resolve();
        await release.promise;
      });
      await inserted.promise;
      const t2 = db.transaction((tx) => emit('PLAYER_LEFT', tx));
      const received: SseEvent[] = [];
      let last = seen.id!;
      if (backend.name !== 'embedded') {
        // PostgreSQL: T2 commits while T1 is still open. A client that connects now may be sent
        // nothing yet; whatever it is sent, it remembers the last id, as EventSource does.
        await t2;
        const during = await connect(user, last);
        received.push(...(await drain(during, 300)));
        during.close();
        if (received.length) last = received.at(-1)!.id!;
      }
      // (The embedded database runs one transaction at a time: T2 waits for T1 there.)
      release.resolve();
      await Promise.all([t1, t2]);

      const resumed = await connect(user, last);
      received.push(...(await drain(resumed)));
      assert.deepEqual(received.map(typeOf), ['PLAYER_JOINED', 'PLAYER_LEFT'], 'both, once each, the earlier transaction first');
      assert.equal(new Set(received.map((event) => event.id)).size, 2);

      // Stable: resuming from the same points again gives the same events, ids and order.
      const again = await connect(user, seen.id!);
      assert.deepEqual(
        (await drain(again)).map((event) => event.id),
        received.map((event) => event.id),
      );
      const fromMiddle = await connect(user, received[0]!.id!);
      assert.deepEqual(
        (await drain(fromMiddle)).map((event) => event.id),
        [received[1]!.id],
      );
    });

    if (backend.name !== 'embedded') {
      it('a row committed behind an unrelated open transaction is sent once that transaction ends, without a signal of its own', async () => {
        const user = await createUser(t.app);
        const stream = await connect(user, '0');
        const holding = deferred();
        const release = deferred();
        // An unrelated writer holds the horizon back (it has a transaction id and is still running).
        const unrelated = db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_current_xact_id()`);
          holding.resolve();
          await release.promise;
        });
        await holding.promise;
        await db.transaction((tx) => emitter(user, randomUUID())('GAME_FULL', tx));
        await assert.rejects(stream.next(300), /no event/, 'held back while an older transaction runs');
        release.resolve();
        await unrelated;
        assert.equal(typeOf(await stream.next(3000)), 'GAME_FULL');
        await assert.rejects(stream.next(300), /no event/, 'once');
      });

      it('a transaction open in another database of the same cluster holds nobody back', async () => {
        const user = await createUser(t.app);
        const stream = await connect(user, '0');
        const elsewhere = new pg.Client({ connectionString: adminDatabaseUrl });
        await elsewhere.connect();
        try {
          await elsewhere.query('BEGIN');
          await elsewhere.query('SELECT pg_current_xact_id()');
          await db.transaction((tx) => emitter(user, randomUUID())('GAME_CANCELLED', tx));
          assert.equal(typeOf(await stream.next(2000)), 'GAME_CANCELLED');
        } finally {
          await elsewhere.query('ROLLBACK').catch(() => undefined);
          await elsewhere.end();
        }
      });
    }
  });
}

/** PostgreSQL with Redis, and PostgreSQL with the embedded key-value store (no REDIS_URL). */
const clusterSetups: Array<{ name: string; backend: Backend; env: Record<string, string> }> = realBackend
  ? [
      { name: 'postgres+redis', backend: realBackend, env: {} },
      { name: 'postgres+embedded store', backend: realBackend, env: { REDIS_URL: '' } },
    ]
  : [];

for (const setup of clusterSetups) {
  describe(`stream resume across instances (${setup.name})`, () => {
    const { apps, open } = twoInstances(setup.backend, setup.env);

    it('notifications written on instance A while the client was away are replayed on instance B, once each, in order', async () => {
      const [a, b] = apps();
      const admin = await createUser(a, { admin: true });
      const sport = await createSport(a, admin, { name: 'Sepak takraw' });
      const host = await onboardedUser(a, 'Host Lim');
      const game = await createGame(a, host, gameBody(sport, new Date(), 48, { slots: 3 }));
      const baseA = await listen(a);
      const baseB = await listen(b);
      const join = async () => {
        const response = await a.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: (await createUser(a)).auth });
        assert.equal(response.statusCode, 201, response.body);
      };
      const onA = await openStream(`${baseA}${STREAM}`, host.auth);
      open.push(onA);
      await join();
      const seen = await onA.next(2000);
      onA.close();
      await join();
      await join();
      const onB = await openStream(`${baseB}${STREAM}`, { ...host.auth, 'last-event-id': seen.id! });
      open.push(onB);
      const replayed = await drain(onB);
      assert.deepEqual(replayed.map(typeOf), ['PLAYER_JOINED', 'PLAYER_JOINED', 'GAME_FULL']);
      assert.ok(!replayed.some((event) => event.id === seen.id), 'the event already seen is not sent again');
      const listed = (await b.inject({ url: '/api/v1/notifications?size=10', headers: host.auth })).json().data.content as Array<{ id: string }>;
      assert.deepEqual(
        replayed.map((event) => (JSON.parse(event.data) as { id: string }).id),
        listed
          .slice(0, 3)
          .map((item) => item.id)
          .reverse(),
      );
    });
  });
}
