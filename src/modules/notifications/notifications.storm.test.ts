import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { backends } from '../../../test/helpers/backends.ts';
import { StreamClients, type SseEvent, drain } from '../../../test/helpers/sse.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';
import { systemClock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import type { NotificationType } from './notifications.schemas.ts';
import { NotificationsService } from './notifications.service.ts';

const silent = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
const typeOf = (event: SseEvent) => (JSON.parse(event.data) as { type: string }).type;

const N = 48;

for (const backend of backends) {
  describe(`a burst of stream opens and a resume storm (${backend.name})`, () => {
    let t: TestApp;
    let db: Database;
    let service: NotificationsService;
    let users: TestUser[];
    const streams = new StreamClients();
    const original = NotificationsRepository.prototype.horizon;
    let horizonReads = 0;
    const emit = (type: NotificationType) =>
      db.transaction((tx) => service.emit({ type, gameId: randomUUID(), recipients: users.map((u) => u.id), title: type }, tx));

    before(async () => {
      // Each horizon read as slow as under a storm's busy pool: opens arriving meanwhile should share the next.
      NotificationsRepository.prototype.horizon = async function (this: NotificationsRepository) {
        horizonReads++;
        await new Promise((resolve) => setTimeout(resolve, 150));
        return original.call(this);
      };
      t = await buildTestApp(backend, { STREAMS_MAX_PER_ADDRESS: '1000' }, { onDatabase: (handle) => void (db = handle.db) });
      await streams.listen(t.app);
      service = new NotificationsService({ db, clock: systemClock, log: silent, timeZone: 'UTC' });
      users = [];
      for (let i = 0; i < N; i++) users.push(await createUser(t.app));
    });
    after(async () => {
      NotificationsRepository.prototype.horizon = original;
      streams.closeAll();
      await t?.close();
    });

    it(`${N} streams opened at once without Last-Event-ID: a few horizon reads, each stream starting there`, async () => {
      await emit('GAME_UPDATED');
      horizonReads = 0;
      const opened = await Promise.all(users.map((user) => streams.accepted(user)));
      assert.ok(horizonReads >= 1 && horizonReads <= N / 4, `${horizonReads} horizon reads for ${N} opens`);
      await emit('PLAYER_JOINED');
      for (const events of await Promise.all(opened.map((stream) => drain(stream, 300)))) {
        assert.deepEqual(events.map(typeOf), ['PLAYER_JOINED'], 'only what was committed after it opened');
      }
      streams.closeAll();
    });

    it(`all ${N} streams dropped and back at once with Last-Event-ID lose nothing and repeat nothing`, async () => {
      const opened = await Promise.all(users.map((user) => streams.accepted(user)));
      await emit('CO_HOST_ADDED');
      const lastIds = await Promise.all(opened.map(async (stream) => (await stream.next(3000)).id!));
      streams.closeAll();
      await emit('PLAYER_LEFT');
      await emit('PLAYER_REMOVED');
      // Back all at once, with one more fan-out committed while they reconnect.
      const [resumed] = await Promise.all([
        Promise.all(users.map((user, i) => streams.accepted(user, { 'last-event-id': lastIds[i]! }))),
        emit('GAME_CANCELLED'),
      ]);
      for (const events of await Promise.all(resumed.map((stream) => drain(stream, 300)))) {
        assert.deepEqual(events.map(typeOf), ['PLAYER_LEFT', 'PLAYER_REMOVED', 'GAME_CANCELLED']);
        assert.equal(new Set(events.map((event) => event.id)).size, 3);
      }
    });
  });
}
