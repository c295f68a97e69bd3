import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { auditActionsOf } from '../../../test/helpers/audit.ts';
import { createGame, gameBody, onboardedUser, type Game } from '../../../test/helpers/games.ts';
import { addCoHost } from '../../../test/helpers/invitations.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { mintTokens, type TestUser } from '../../../test/helpers/users.ts';

interface Message {
  id: string;
  author: { userId: string; name: string | null };
  body: string;
  mine: boolean;
  canDelete: boolean;
}

for (const backend of backends) {
  describe(`game chat (${backend.name})`, () => {
    const t = appSuite(backend, { startsAt: '2031-03-02T01:00:00Z', sport: 'Badminton', host: 'Host Tan' });

    const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser, payload?: object) =>
      t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    const chat = (game: Game, who: TestUser) => req('GET', `/api/v1/games/${game.id}/chat`, who);
    const say = (game: Game, who: TestUser, body: string) => req('POST', `/api/v1/games/${game.id}/chat/messages`, who, { body });
    const read = (game: Game, who: TestUser, query = '') => req('GET', `/api/v1/games/${game.id}/chat/messages${query}`, who);
    const bodies = async (game: Game, who: TestUser) => {
      const response = await read(game, who);
      assert.equal(response.statusCode, 200, response.body);
      return (response.json().data.content as Message[]).map((m) => m.body);
    };
    const settle = (game: Game, who: TestUser, payload: object) => req('PUT', `/api/v1/games/${game.id}/chat`, who, payload);
    const join = async (game: Game, who: TestUser, expected: 'ACTIVE' | 'WAITLISTED') => {
      const response = await req('POST', `/api/v1/games/${game.id}/participants`, who);
      assert.equal(response.json().data.status, expected, response.body);
    };

    // The host runs many games: each gets a slot of its own, so none overlaps another.
    let slot = 0;
    const hostGame = (overrides: Record<string, unknown> = {}) => createGame(t.app, t.host, gameBody(t.sport, t.clock.now(), 48 + 3 * ++slot, overrides));

    /** A game (one place) with a co-host, a player with the place, a waitlisted player and a stranger holding the share link. */
    async function cast(overrides: Record<string, unknown> = {}) {
      const game = await hostGame({ slots: 1, ...overrides });
      const [coHost, player, waiting, stranger] = await Promise.all(['Co Lee', 'Pat Ong', 'Wai Ng', 'Stan Goh'].map((name) => onboardedUser(t.app, name)));
      await addCoHost(t.app, t.host, game.id, coHost!);
      await join(game, player!, 'ACTIVE');
      await join(game, waiting!, 'WAITLISTED');
      assert.equal((await t.app.inject({ url: `/api/v1/share-links/${game.shareLink!.code}`, headers: stranger!.auth })).statusCode, 200);
      return { game, coHost: coHost!, player: player!, waiting: waiting!, stranger: stranger! };
    }

    it('hosts and players with a place read and write; the waitlist reads; a stranger with the share link and an admin get 404', async () => {
      const { game, coHost, player, waiting, stranger } = await cast();
      assert.equal((await say(game, t.host, 'Court 4 tonight, not 3')).statusCode, 201);
      t.clock.advance(1);
      assert.equal((await say(game, coHost, 'Shuttles are on me')).statusCode, 201);
      t.clock.advance(1);
      const sent = await say(game, player, '  Running 10 min late  ');
      assert.equal(sent.statusCode, 201, sent.body);
      assert.equal(sent.json().data.body, 'Running 10 min late', 'trimmed');
      assert.deepEqual(sent.json().data.author, { userId: player.id, name: 'Pat Ong' });
      assertProblem(await say(game, waiting, 'Any place left?'), 409, 'chat_read_only');
      const expected = ['Running 10 min late', 'Shuttles are on me', 'Court 4 tonight, not 3'];
      for (const who of [t.host, coHost, player, waiting]) assert.deepEqual(await bodies(game, who), expected, 'newest first, the same for every member');
      assert.deepEqual(
        [(await chat(game, t.host)).json().data.role, (await chat(game, player)).json().data.role, (await chat(game, waiting)).json().data.role],
        ['HOST', 'PLAYER', 'WAITING'],
      );
      assert.equal((await chat(game, waiting)).json().data.canWrite, false);
      for (const outsider of [stranger, t.admin]) {
        assertProblem(await chat(game, outsider), 404, 'chat_not_found');
        assertProblem(await read(game, outsider), 404, 'chat_not_found');
        assertProblem(await say(game, outsider, 'hello'), 404, 'chat_not_found');
      }
      assertProblem(await read({ ...game, id: '00000000-0000-4000-8000-000000000000' }, t.host), 404, 'chat_not_found');
    });

    it('the organiser lets the waitlist and pending requesters write; a co-host may not be overruled by a player', async () => {
      const { game, player, waiting } = await cast();
      const approval = await hostGame({ joinPolicy: 'APPROVAL' });
      const asker = await onboardedUser(t.app, 'Ask Koh');
      assert.equal((await req('POST', `/api/v1/games/${approval.id}/join-requests`, asker, {})).statusCode, 201);
      assert.deepEqual(await bodies(approval, asker), [], 'a requester reads');
      assertProblem(await say(approval, asker, 'May I come?'), 409, 'chat_read_only');
      assertProblem(await settle(game, player, { waitlistMayWrite: true }), 403, 'chat_hosts_only');
      assert.equal((await chat(game, waiting)).json().data.waitlistMayWrite, false, 'nothing changed');
      for (const g of [game, approval]) assert.equal((await settle(g, t.host, { waitlistMayWrite: true })).json().data.waitlistMayWrite, true);
      assert.equal((await say(game, waiting, 'Any place left?')).statusCode, 201);
      assert.equal((await say(approval, asker, 'May I come?')).statusCode, 201);
      assert.equal((await chat(approval, asker)).json().data.canWrite, true);
    });

    it('leaving or being removed ends access', async () => {
      const { game, coHost, player, waiting } = await cast();
      assert.equal((await say(game, player, 'See you')).statusCode, 201);
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/participants/me`, player)).statusCode, 204);
      assertProblem(await read(game, player), 404, 'chat_not_found');
      assertProblem(await say(game, player, 'still here?'), 404, 'chat_not_found');
      // A co-host removes the one who waited (moved up or offered the place): they are out of the chat too.
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/participants/${waiting.id}`, coHost)).statusCode, 204);
      assertProblem(await read(game, waiting), 404, 'chat_not_found');
      assert.deepEqual(await bodies(game, t.host), ['See you'], 'what they wrote stays');
    });

    it("counts others' messages after each member's read marker", async () => {
      const { game, coHost, player, waiting } = await cast();
      const unread = async (who: TestUser) => (await chat(game, who)).json().data.unread as number;
      const markRead = (who: TestUser) => req('POST', `/api/v1/games/${game.id}/chat/read`, who);
      await say(game, t.host, 'one');
      await say(game, coHost, 'two');
      assert.deepEqual([await unread(t.host), await unread(coHost), await unread(player), await unread(waiting)], [1, 1, 2, 2], 'never your own');
      assert.equal((await markRead(player)).statusCode, 204);
      assert.equal(await unread(player), 0);
      await say(game, t.host, 'three');
      assert.deepEqual([await unread(player), await unread(waiting)], [1, 3]);
      const outsider = await onboardedUser(t.app, 'Out Sider');
      assertProblem(await markRead(outsider), 404, 'chat_not_found');
    });

    it('refuses blank, oversized and control-character text, changing nothing', async () => {
      const { game, player } = await cast();
      for (const body of ['', '   ', 'a'.repeat(1001), 'bell\u0007', 'flip\u202Etxt.exe'])
        assertProblem(await say(game, player, body), 400, 'validation_failed');
      assertProblem(await req('POST', `/api/v1/games/${game.id}/chat/messages`, player, {}), 400, 'validation_failed');
      assert.deepEqual(await bodies(game, player), []);
      const html = '<b>hi</b> see https://example.com\nline two';
      assert.equal((await say(game, player, 'x'.repeat(1000))).statusCode, 201);
      assert.equal((await say(game, player, html)).json().data.body, html, 'stored as sent: the app shows it as text');
    });

    it('pages history newest first with a sealed cursor', async () => {
      const { game, player } = await cast();
      for (let i = 1; i <= 5; i++) assert.equal((await say(game, player, `m${i}`)).statusCode, 201);
      const first = (await read(game, player, '?size=2')).json().data;
      assert.deepEqual(
        first.content.map((m: Message) => m.body),
        ['m5', 'm4'],
      );
      const second = (await read(game, player, `?size=2&cursor=${first.nextCursor}`)).json().data;
      const third = (await read(game, player, `?size=2&cursor=${second.nextCursor}`)).json().data;
      assert.deepEqual(
        [...second.content, ...third.content].map((m: Message) => m.body),
        ['m3', 'm2', 'm1'],
      );
      assert.equal(third.nextCursor, null);
      const other = await hostGame();
      assertProblem(await read(other, t.host, `?cursor=${first.nextCursor}`), 400, 'invalid_cursor');
    });

    it('authors delete their own, hosts delete any; pinning takes one host message per game', async () => {
      const { game, coHost, player, waiting } = await cast();
      const mine = (await say(game, player, 'typo')).json().data as Message;
      const rude = (await say(game, player, 'rude')).json().data as Message;
      const first = (await say(game, t.host, 'Bring two shuttles each')).json().data as Message;
      const second = (await say(game, coHost, 'Court 2 instead')).json().data as Message;
      assert.deepEqual([mine.canDelete, rude.mine], [true, true]);
      const remove = (who: TestUser, id: string) => req('DELETE', `/api/v1/games/${game.id}/chat/messages/${id}`, who);
      assertProblem(await remove(player, first.id), 404, 'chat_message_not_found');
      assertProblem(await remove(waiting, mine.id), 404, 'chat_message_not_found');
      assert.equal((await remove(player, mine.id)).statusCode, 204);
      assert.equal((await remove(coHost, rude.id)).statusCode, 204);
      assertProblem(await remove(player, mine.id), 404, 'chat_message_not_found');
      assert.deepEqual(await bodies(game, player), ['Court 2 instead', 'Bring two shuttles each']);

      const extra = (await say(game, player, 'not an announcement')).json().data as Message;
      assertProblem(await settle(game, t.host, { pinnedMessageId: extra.id }), 409, 'chat_pin_not_announcement');
      assertProblem(await settle(game, player, { pinnedMessageId: first.id }), 403, 'chat_hosts_only');
      assert.equal((await settle(game, t.host, { pinnedMessageId: first.id })).json().data.pinned.id, first.id);
      assert.equal((await settle(game, coHost, { pinnedMessageId: second.id })).statusCode, 200);
      assert.equal((await chat(game, waiting)).json().data.pinned.body, 'Court 2 instead', 'one pinned per game: the latest');
      const elsewhere = await cast();
      const foreign = (await say(elsewhere.game, t.host, 'other game')).json().data as Message;
      assertProblem(await settle(game, t.host, { pinnedMessageId: foreign.id }), 404, 'chat_message_not_found');
      assert.equal((await remove(coHost, second.id)).statusCode, 204);
      assert.equal((await chat(game, player)).json().data.pinned, null, 'deleting the pinned message unpins it');
    });

    it('any member reports a message; admins see it in their queue, kept after a delete, and resolve it once', async () => {
      const { game, player, waiting, stranger } = await cast();
      const rude = (await say(game, player, 'something rude')).json().data as Message;
      const report = (who: TestUser, id = rude.id) => req('POST', `/api/v1/games/${game.id}/chat/messages/${id}/report`, who);
      for (const who of [waiting, t.host, waiting]) {
        assert.equal((await report(who)).statusCode, 204, 'a second report by the same person changes nothing');
        t.clock.advance(1);
      }
      assertProblem(await report(stranger), 404, 'chat_not_found');
      assertProblem(await report(waiting, '00000000-0000-4000-8000-000000000000'), 404, 'chat_message_not_found');
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/chat/messages/${rude.id}`, player)).statusCode, 204);
      assertProblem(await req('GET', '/api/v1/admin/chat-reports', t.host), 403, 'forbidden');
      const queue = (await req('GET', '/api/v1/admin/chat-reports', t.admin)).json().data as Array<{
        id: string;
        messageId: string;
        body: string;
        reporter: { userId: string };
        messageDeleted: boolean;
      }>;
      const mine = queue.filter((r) => r.messageId === rude.id);
      assert.deepEqual(
        mine.map((r) => [r.reporter.userId, r.body, r.messageDeleted]),
        [
          [waiting.id, 'something rude', true],
          [t.host.id, 'something rude', true],
        ],
      );
      const resolve = (id: string) => req('POST', `/api/v1/admin/chat-reports/${id}/resolve`, t.admin, { removeMessage: true });
      assert.equal((await resolve(mine[0]!.id)).statusCode, 204);
      assertProblem(await resolve(mine[1]!.id), 404, 'chat_report_not_found');
      const after = (await req('GET', '/api/v1/admin/chat-reports', t.admin)).json().data as Array<{ messageId: string }>;
      assert.equal(after.filter((r) => r.messageId === rude.id).length, 0, 'every report of the message is resolved');
      // The admin's decision is in the audit trail, with the message it removed; the refused second one is not.
      const trail = await auditActionsOf(t.app, t.admin.id, 'game', game.id, 'chat.report.resolved');
      assert.deepEqual(
        trail.map((entry) => [entry.actorId, entry.changes.chatReport]),
        [
          [
            t.admin.id,
            {
              before: { reportId: mine[0]!.id, messageId: rude.id, open: true },
              after: { reportId: mine[0]!.id, messageId: rude.id, open: false, messageRemoved: true },
            },
          ],
        ],
      );
    });

    it('closing makes the chat read-only for everyone until reopened', async () => {
      const { game, coHost, player } = await cast();
      assertProblem(await settle(game, player, { closed: true }), 403, 'chat_hosts_only');
      assert.equal((await settle(game, coHost, { closed: true })).json().data.closed, true);
      for (const who of [t.host, coHost, player]) assertProblem(await say(game, who, 'hello'), 409, 'chat_closed');
      assert.equal((await chat(game, player)).json().data.canWrite, false);
      assert.deepEqual(await bodies(game, player), [], 'still readable');
      assert.equal((await settle(game, t.host, { closed: false })).json().data.closed, false);
      assert.equal((await say(game, player, 'hello')).statusCode, 201);
    });

    it('takes at most 10 messages a minute from one person (429 after, nothing written)', async () => {
      const { game, player, coHost } = await cast();
      for (let i = 1; i <= 10; i++) assert.equal((await say(game, player, `n${i}`)).statusCode, 201);
      assertProblem(await say(game, player, 'n11'), 429, 'rate_limited');
      assert.equal((await bodies(game, player)).length, 10);
      assert.equal((await say(game, coHost, 'others still talk')).statusCode, 201);
    });

    it('is read-only from a day after the game ends', async () => {
      const { game, player } = await cast();
      const readOnlyFrom = (await chat(game, player)).json().data.readOnlyFrom;
      assert.equal(Date.parse(readOnlyFrom), Date.parse(game.endTime) + 24 * 3_600_000);
      t.clock.set(new Date(Date.parse(readOnlyFrom) - 1000));
      // Tokens are checked against the test clock: after moving it, people need fresh ones.
      for (const who of [player, t.host]) who.auth = { authorization: `Bearer ${(await mintTokens(t.app, who.id)).accessToken}` };
      assert.equal((await say(game, player, 'Good game all')).statusCode, 201);
      t.clock.advance(1);
      assertProblem(await say(game, player, 'one more'), 409, 'chat_ended');
      assertProblem(await say(game, t.host, 'one more'), 409, 'chat_ended');
      assert.deepEqual(await bodies(game, player), ['Good game all']);
    });
  });
}
