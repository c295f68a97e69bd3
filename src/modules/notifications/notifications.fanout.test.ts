import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http, { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { backends } from '../../../test/helpers/backends.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { systemClock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { parseEventId, START, type Position } from './notifications.position.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { NotificationStreams } from './notifications.stream.ts';
import type { StreamRead } from './notifications.stream-reads.ts';

const silent = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
/** Small pages and statements, so a few hundred streams show the batching and the paging. */
const CHUNK = 100;
const LIMIT = 10;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, withinMs = 5000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await pause(10);
  }
}

/** A client holding one stream over a socket of its own, as a browser's EventSource does; it remembers the last id. */
class Subscriber {
  readonly userId: string;
  readonly titles: string[] = [];
  readonly ids: string[] = [];
  lastId: string | undefined;
  #request: http.ClientRequest | undefined;
  #buffer = '';

  constructor(userId: string) {
    this.userId = userId;
  }

  open(base: string): Promise<number> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (this.lastId) headers['last-event-id'] = this.lastId;
    return new Promise((resolve, reject) => {
      this.#request = http.get(`${base}/?user=${this.userId}`, { headers, agent: false }, (response) => {
        resolve(response.statusCode ?? 0);
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => this.#read(chunk));
      });
      this.#request.on('error', reject);
    });
  }

  close(): void {
    this.#request?.destroy();
    this.#buffer = '';
  }

  #read(chunk: string): void {
    this.#buffer += chunk;
    for (let cut = this.#buffer.indexOf('\n\n'); cut >= 0; cut = this.#buffer.indexOf('\n\n')) {
      const block = this.#buffer.slice(0, cut);
      this.#buffer = this.#buffer.slice(cut + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!id || !data) continue;
      this.ids.push(id);
      this.titles.push((JSON.parse(data) as { title: string }).title);
      this.lastId = id;
    }
  }
}

/** Event ids in (txid, seq) order, strictly: nothing twice, nothing out of order. */
function ascending(ids: string[]): boolean {
  const positions = ids.map((id) => parseEventId(id) as Position);
  return positions.every((p, i) => i === 0 || p.txid > positions[i - 1]!.txid || (p.txid === positions[i - 1]!.txid && p.seq > positions[i - 1]!.seq));
}

for (const backend of backends) {
  describe(`notification streams fan out with shared reads (${backend.name})`, () => {
    let t: TestApp;
    let db: Database;
    let streams: NotificationStreams;
    let server: Server;
    let base: string;
    /** Every statement the streams ran: how many streams each read for. */
    const statements: number[] = [];
    let inFlight = 0;
    let failures = 0;
    const subscribers: Subscriber[] = [];

    /** The streams' reads have gone quiet (their catch-up after opening, a round's paging). */
    const settled = async () => {
      let quietSince = Date.now();
      while (Date.now() - quietSince < 60) {
        if (inFlight > 0) quietSince = Date.now();
        await pause(10);
      }
    };
    /** One transaction writing `title` to every user, as a join writes to its recipients; then its signal. */
    const fanOut = async (userIds: string[], title: string) => {
      await db.transaction((tx) =>
        new NotificationsRepository(tx).writeForGame({
          type: 'PLAYER_JOINED',
          gameId: randomUUID(),
          recipients: userIds,
          title,
          message: 'A player joined',
          createdAt: new Date(),
          minute: 0,
          coalesceKey: null,
          windowSeconds: 0,
        }),
      );
    };
    const wakeAll = (userIds: string[]) => {
      for (const userId of userIds) streams.wake(userId);
    };
    const subscribe = async (count: number) => {
      const fresh = Array.from({ length: count }, () => new Subscriber(randomUUID()));
      const statuses = await Promise.all(fresh.map((s) => s.open(base)));
      assert.ok(
        statuses.every((status) => status === 200),
        'every stream opens',
      );
      subscribers.push(...fresh);
      await settled();
      return fresh;
    };

    before(async () => {
      t = await buildTestApp(backend, {}, { onDatabase: (handle) => (db = handle.db) });
      const repository = new NotificationsRepository(db);
      streams = new NotificationStreams({
        // The repository port, counted: each call is one statement.
        after: async (reads: StreamRead[], limit: number) => {
          statements.push(reads.length);
          inFlight++;
          try {
            if (failures > 0) {
              failures--;
              throw new Error('timeout exceeded when trying to connect');
            }
            return await repository.after(reads, limit);
          } finally {
            inFlight--;
          }
        },
        liveUsers: async (ids) => new Set(ids),
        clock: systemClock,
        log: silent,
        reads: { chunk: CHUNK, limit: LIMIT },
      });
      server = createServer((request, response) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        const lastId = request.headers['last-event-id'];
        const resumeAt = typeof lastId === 'string' ? (parseEventId(lastId) as Position) : START;
        streams.open(request, response, { userId: url.searchParams.get('user')!, after: resumeAt, expiresAt: new Date(Date.now() + 3_600_000) }, {});
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    after(async () => {
      for (const subscriber of subscribers) subscriber.close();
      streams.closeAll();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    });

    it('a wake for 300 users in one tick is three reads of 100 streams, and each stream gets its event once', async () => {
      const group = await subscribe(300);
      const users = group.map((s) => s.userId);
      statements.length = 0;
      await fanOut(users, 'Fan-out A');
      // Signals may come twice: the second wake joins the same read.
      wakeAll(users);
      wakeAll(users);
      await until(() => group.every((s) => s.titles.length === 1), 'every stream has the event');
      await settled();
      assert.deepEqual(statements, [CHUNK, CHUNK, CHUNK]);
      wakeAll(users);
      await settled();
      assert.ok(
        group.every((s) => s.titles.length === 1 && s.titles[0] === 'Fan-out A'),
        'a wake with nothing new sends nothing again',
      );
    });

    it('fan-outs written back to back and a backlog longer than a page reach every stream once each, in order', async () => {
      const group = await subscribe(150);
      const users = group.map((s) => s.userId);
      const [busy] = group;
      // One stream has three pages waiting: it is read again at once until it has them all.
      for (let i = 1; i <= 2 * LIMIT + 5; i++) await fanOut([busy!.userId], `Backlog ${i}`);
      for (const title of ['Fan-out 1', 'Fan-out 2', 'Fan-out 3']) {
        await fanOut(users, title);
        wakeAll(users);
      }
      await until(() => group.every((s) => s.titles.length === (s === busy ? 2 * LIMIT + 8 : 3)), 'every stream has its events');
      await settled();
      for (const subscriber of group) {
        assert.ok(ascending(subscriber.ids), `${subscriber.userId}: ids in order, none twice`);
        assert.deepEqual(subscriber.titles.slice(-3), ['Fan-out 1', 'Fan-out 2', 'Fan-out 3']);
      }
      assert.deepEqual(busy!.titles.slice(0, 3), ['Backlog 1', 'Backlog 2', 'Backlog 3']);
    });

    it('streams that resume with Last-Event-ID after a fan-out get what they missed, once, in order', async () => {
      const group = await subscribe(200);
      const users = group.map((s) => s.userId);
      await fanOut(users, 'Before');
      wakeAll(users);
      await until(() => group.every((s) => s.titles.length === 1), 'every stream has the first event');
      const away = group.slice(0, 100);
      for (const subscriber of away) subscriber.close();
      await until(() => streams.size === subscribers.length - away.length, 'the server let the closed streams go');
      await fanOut(users, 'While away 1');
      wakeAll(users);
      await fanOut(users, 'While away 2');
      wakeAll(users);
      // All back at once (a reconnect storm), each with the last id it saw.
      const statuses = await Promise.all(away.map((s) => s.open(base)));
      assert.ok(statuses.every((status) => status === 200));
      await until(() => group.every((s) => s.titles.length === 3), 'every stream has all three');
      await settled();
      for (const subscriber of group) {
        assert.deepEqual(subscriber.titles, ['Before', 'While away 1', 'While away 2']);
        assert.ok(ascending(subscriber.ids));
      }
    });

    it('a read that fails (the pool busy) is tried again: the fan-out still reaches every stream, once', async () => {
      const group = await subscribe(120);
      const users = group.map((s) => s.userId);
      failures = 1;
      await fanOut(users, 'After a failure');
      wakeAll(users);
      await until(() => group.every((s) => s.titles.length === 1), 'every stream has the event');
      await settled();
      assert.equal(failures, 0, 'the failing read was tried');
      assert.ok(group.every((s) => s.titles[0] === 'After a failure' && s.titles.length === 1));
    });

    if (backend.name !== 'embedded') {
      it('a fan-out held back behind an unrelated open transaction reaches every stream when it ends, with no signal of its own', async () => {
        const group = await subscribe(150);
        const users = group.map((s) => s.userId);
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let holding!: () => void;
        const held = new Promise<void>((resolve) => (holding = resolve));
        const unrelated = db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_current_xact_id()`);
          holding();
          await released;
        });
        await held;
        await fanOut(users, 'Held back');
        wakeAll(users);
        await pause(300);
        await settled();
        assert.ok(
          group.every((s) => s.titles.length === 0),
          'nothing is sent while an older transaction runs',
        );
        release();
        await unrelated;
        await until(() => group.every((s) => s.titles.length === 1), 'every stream has the held-back event', 3000);
        await settled();
        assert.ok(group.every((s) => s.titles.length === 1 && s.titles[0] === 'Held back'));
      });
    }
  });
}
