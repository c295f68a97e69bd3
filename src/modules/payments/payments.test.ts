import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../platform/db/index.ts';
import { auditOf } from '../../../test/helpers/audit.ts';
import { backends } from '../../../test/helpers/backends.ts';
import { createGame, gameBody, onboardedUser } from '../../../test/helpers/games.ts';
import { addCoHost } from '../../../test/helpers/invitations.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import type { TestUser } from '../../../test/helpers/users.ts';

interface Entry {
  id: string;
  place: number;
  state: string;
  amount: string;
  claimReference: string | null;
}

for (const backend of backends) {
  describe(`payments: who has paid (${backend.name})`, () => {
    let hours = 24;

    let database: DatabaseHandle | undefined;
    async function rawRows(query: string): Promise<Array<Record<string, unknown>>> {
      const result: unknown = await database!.db.execute(sql.raw(query));
      return (result as { rows: Array<Record<string, unknown>> }).rows;
    }

    const t = appSuite(backend, { overrides: { onDatabase: (handle) => (database = handle) }, sport: 'Badminton' });

    const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    const own = async (who: TestUser, gameId: string) => (await call(who, 'GET', `/api/v1/games/${gameId}/payments/me`)).json().data;
    const ledger = async (who: TestUser, gameId: string) => (await call(who, 'GET', `/api/v1/games/${gameId}/ledger`)).json().data;
    const move = (who: TestUser, gameId: string, entryId: string, state: string) => call(who, 'POST', `/api/v1/games/${gameId}/ledger/${entryId}`, { state });
    const join = async (who: TestUser, gameId: string, guests = 0) =>
      assert.equal((await call(who, 'POST', `/api/v1/games/${gameId}/participants`, guests ? { guests } : undefined)).statusCode, 201);
    /** A game a fresh organiser hosts, in its own slot. */
    async function hosted(overrides: Record<string, unknown> = {}) {
      const host = await onboardedUser(t.app, 'Organiser');
      hours += 5;
      const game = await createGame(t.app, host, gameBody(t.sport, new Date(), hours, { maxGuestsPerPlayer: 2, ...overrides }));
      return { host, game };
    }

    it('keeps PayNow details sealed: the owner reads them back, the table never holds the number', async () => {
      const host = await onboardedUser(t.app, 'Payee');
      assert.equal((await call(host, 'GET', '/api/v1/me/paynow')).json().data, null);
      const saved = await call(host, 'PUT', '/api/v1/me/paynow', { proxyType: 'MOBILE', proxy: '9123 4567', displayName: 'Alex Tan' });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.deepEqual(
        { ...saved.json().data, updatedAt: undefined },
        { proxyType: 'MOBILE', proxy: '+6591234567', displayName: 'Alex Tan', updatedAt: undefined },
      );
      const stored = (await t.app.inject({ url: '/api/v1/me/paynow', headers: host.auth })).json().data;
      assert.equal(stored.proxy, '+6591234567');
      const raw = await rawRows(`SELECT proxy_sealed FROM payment_payees WHERE user_id = '${host.id}'`);
      assert.equal(raw.length, 1);
      assert.ok(!String(raw[0]!.proxy_sealed).includes('91234567'), 'stored sealed');
      assertProblem(
        await call(host, 'PUT', '/api/v1/me/paynow', { proxyType: 'MOBILE', proxy: '6123 4567', displayName: 'Alex' }),
        400,
        'invalid_paynow_proxy',
      );
      assertProblem(await call(host, 'PUT', '/api/v1/me/paynow', { proxyType: 'UEN', proxy: 'nope', displayName: 'Alex' }), 400, 'invalid_paynow_proxy');
      assert.equal((await call(host, 'GET', '/api/v1/me/paynow')).json().data.proxy, '+6591234567', 'a refused change leaves the details as they were');
      assert.equal((await call(host, 'DELETE', '/api/v1/me/paynow')).statusCode, 204);
      assert.equal((await call(host, 'GET', '/api/v1/me/paynow')).json().data, null);
    });

    it('gives each place a DUE entry, a PayNow code for exactly what is owed, and shows the number only to a player who owes', async () => {
      const { host, game } = await hosted();
      await call(host, 'PUT', '/api/v1/me/paynow', { proxyType: 'UEN', proxy: '201912345k', displayName: 'Shuttle Club' });
      const player = await onboardedUser(t.app, 'Player');
      await join(player, game.id, 2);
      const mine = await own(player, game.id);
      assert.equal(mine.owed, '25.50', 'three places at 8.50');
      assert.deepEqual(
        mine.entries.map((entry: Entry) => [entry.place, entry.state, entry.amount]),
        [
          [0, 'DUE', '8.50'],
          [1, 'DUE', '8.50'],
          [2, 'DUE', '8.50'],
        ],
      );
      assert.equal(mine.payNow.proxy, '201912345K');
      assert.equal(mine.payNow.amount, '25.50');
      assert.ok(mine.payNow.payload.includes('0009SG.PAYNOW010120210201912345K'));
      assert.ok(mine.payNow.payload.includes('540525.50'));
      assert.ok(mine.payNow.payload.includes(mine.reference));
      const outsider = await onboardedUser(t.app, 'Outsider');
      const theirs = await own(outsider, game.id);
      assert.deepEqual([theirs.owed, theirs.entries, theirs.payNow], ['0.00', [], null], 'nothing owed: no number');
      const hostView = await own(host, game.id);
      assert.equal(hostView.payNow, null, 'the organiser owes themselves nothing');
    });

    it('lets the player say they paid, and a co-host confirm, waive or mark not received; a stale change is 409', async () => {
      const { host, game } = await hosted();
      const coHost = await onboardedUser(t.app, 'Co-host');
      await addCoHost(t.app, host, game.id, coHost);
      const player = await onboardedUser(t.app, 'Player');
      await join(player, game.id, 1);
      assertProblem(await call(player, 'GET', `/api/v1/games/${game.id}/ledger`), 404, 'game_not_found');
      const claimed = await call(player, 'POST', `/api/v1/games/${game.id}/payments/me/claim`, { reference: 'DBS 1234' });
      assert.equal(claimed.statusCode, 200, claimed.body);
      assert.deepEqual(
        claimed.json().data.entries.map((entry: Entry) => [entry.state, entry.claimReference]),
        [
          ['CLAIMED', 'DBS 1234'],
          ['CLAIMED', 'DBS 1234'],
        ],
      );
      assert.equal(claimed.json().data.payNow, null, 'nothing left owed');
      assertProblem(await call(player, 'POST', `/api/v1/games/${game.id}/payments/me/claim`, {}), 409, 'nothing_to_claim');
      const book = await ledger(coHost, game.id);
      assert.equal(book.totals.claimed, '17.00');
      const [own0, guest] = book.players.find((row: { userId: string }) => row.userId === player.id).entries as Entry[];
      assertProblem(await move(player, game.id, own0!.id, 'PAID'), 404, 'game_not_found');
      const paid = await move(coHost, game.id, own0!.id, 'PAID');
      assert.equal(paid.json().data.state, 'PAID');
      assertProblem(await move(host, game.id, own0!.id, 'WAIVED'), 409, 'payment_state_changed');
      assertProblem(await move(host, game.id, own0!.id, 'REFUNDED'), 409, 'payment_state_changed');
      assert.equal((await move(host, game.id, guest!.id, 'NOT_RECEIVED')).json().data.state, 'NOT_RECEIVED');
      assert.equal((await own(player, game.id)).owed, '8.50', 'not received: owed again');
      assert.equal((await move(host, game.id, guest!.id, 'WAIVED')).json().data.state, 'WAIVED');
      assertProblem(await move(host, game.id, '00000000-0000-4000-8000-000000000000', 'PAID'), 404, 'payment_not_found');
      // Each host's move is one audit entry (the player's own claim and the refused moves none).
      const moves = (await auditOf(t.app, t.admin, 'game', game.id)).filter((entry) => entry.action === 'game.payment.changed').reverse();
      const place = (entry: Entry, state: string) => ({ entryId: entry.id, userId: player.id, state });
      assert.deepEqual(
        moves.map((entry) => [entry.actorId, entry.changes]),
        [
          [coHost.id, { payment: { before: place(own0!, 'CLAIMED'), after: place(own0!, 'PAID') } }],
          [host.id, { payment: { before: place(guest!, 'CLAIMED'), after: place(guest!, 'NOT_RECEIVED') } }],
          [host.id, { payment: { before: place(guest!, 'NOT_RECEIVED'), after: place(guest!, 'WAIVED') } }],
        ],
      );
      assert.equal(moves[0]!.requestId, paid.headers['x-request-id']);
      const totals = (await ledger(host, game.id)).totals;
      assert.deepEqual([totals.confirmed, totals.waived, totals.outstanding], ['8.50', '8.50', '0.00']);
      const history = await rawRows(
        `SELECT h.from_state, h.to_state, h.actor_id FROM payment_history h WHERE h.entry_id = '${guest!.id}' ORDER BY h.at, h.to_state`,
      );
      assert.deepEqual(
        history.map((row) => [row.from_state, row.to_state, row.actor_id]),
        [
          [null, 'DUE', null],
          ['DUE', 'CLAIMED', player.id],
          ['CLAIMED', 'NOT_RECEIVED', host.id],
          ['NOT_RECEIVED', 'WAIVED', host.id],
        ],
      );
    });

    it('lets exactly one of two hosts changing the same place at once win; the other gets 409', async () => {
      const { host, game } = await hosted();
      const coHost = await onboardedUser(t.app, 'Co-host');
      await addCoHost(t.app, host, game.id, coHost);
      const player = await onboardedUser(t.app, 'Player');
      await join(player, game.id);
      const entry = (await ledger(host, game.id)).players[0].entries[0] as Entry;
      const answers = await Promise.all([move(host, game.id, entry.id, 'PAID'), move(coHost, game.id, entry.id, 'WAIVED')]);
      assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json().data.state;
      assert.equal((await ledger(host, game.id)).players[0].entries[0].state, winner, 'the ledger shows the one change that won');
      const changes = await rawRows(`SELECT to_state FROM payment_history WHERE entry_id = '${entry.id}' AND from_state IS NOT NULL`);
      assert.deepEqual(
        changes.map((row) => row.to_state),
        [winner],
      );
    });

    it('makes paid places REFUND_DUE when the player leaves or is removed, and unpaid ones CANCELLED', async () => {
      const { host, game } = await hosted();
      const [payer, leaver, removed] = [await onboardedUser(t.app, 'Payer'), await onboardedUser(t.app, 'Leaver'), await onboardedUser(t.app, 'Removed')];
      for (const who of [payer, leaver, removed]) await join(who, game.id);
      for (const who of [payer, removed]) await call(who, 'POST', `/api/v1/games/${game.id}/payments/me/claim`, {});
      const book = await ledger(host, game.id);
      const entryOf = (who: TestUser) => book.players.find((row: { userId: string }) => row.userId === who.id).entries[0] as Entry;
      await move(host, game.id, entryOf(payer).id, 'PAID');
      assert.equal((await call(leaver, 'DELETE', `/api/v1/games/${game.id}/participants/me`)).statusCode, 204);
      assert.equal((await call(host, 'DELETE', `/api/v1/games/${game.id}/participants/${removed.id}`)).statusCode, 204);
      const states = async () =>
        Object.fromEntries(
          ((await ledger(host, game.id)).players as Array<{ userId: string; entries: Entry[] }>).map((row) => [row.userId, row.entries[0]!.state]),
        );
      assert.deepEqual(await states(), { [payer.id]: 'PAID', [leaver.id]: 'CANCELLED', [removed.id]: 'REFUND_DUE' });
      assertProblem(await move(host, game.id, entryOf(leaver).id, 'PAID'), 409, 'payment_state_changed');
      assert.equal((await move(host, game.id, entryOf(removed).id, 'REFUNDED')).json().data.state, 'REFUNDED');
      await join(leaver, game.id);
      assert.equal((await states())[leaver.id], 'DUE', 'a player who comes back owes again');
    });

    it('makes every paid place REFUND_DUE when the organiser cancels the game', async () => {
      const { host, game } = await hosted();
      const [paid, unpaid] = [await onboardedUser(t.app, 'Paid'), await onboardedUser(t.app, 'Unpaid')];
      await join(paid, game.id);
      await join(unpaid, game.id);
      await call(paid, 'POST', `/api/v1/games/${game.id}/payments/me/claim`, {});
      const entry = (await ledger(host, game.id)).players.find((row: { userId: string }) => row.userId === paid.id).entries[0] as Entry;
      await move(host, game.id, entry.id, 'PAID');
      assert.equal((await call(host, 'DELETE', `/api/v1/games/${game.id}`)).statusCode, 204);
      const book = await ledger(host, game.id);
      assert.equal(book.totals.refundDue, '8.50');
      assert.equal(book.totals.outstanding, '0.00');
      const money = (await call(host, 'GET', '/api/v1/me/money')).json().data;
      assert.deepEqual(
        money.asOrganizer.filter((line: { gameId: string }) => line.gameId === game.id).map((line: { refundDue: string }) => line.refundDue),
        ['8.50'],
      );
      assert.equal((await own(paid, game.id)).entries[0].state, 'REFUND_DUE');
    });

    it('answers Money under Me: what a player owes across games, and what is owed to the organiser', async () => {
      const first = await hosted();
      const second = await hosted({ price: '12' });
      const free = await hosted({ price: '0' });
      const player = await onboardedUser(t.app, 'Regular');
      for (const { game } of [first, second, free]) await join(player, game.id);
      const money = (await call(player, 'GET', '/api/v1/me/money')).json().data;
      assert.deepEqual(
        money.asPlayer.map((line: { gameId: string; owed: string }) => [line.gameId, line.owed]),
        [
          [first.game.id, '8.50'],
          [second.game.id, '12.00'],
        ],
      );
      const owedToHost = (await call(first.host, 'GET', '/api/v1/me/money')).json().data.asOrganizer;
      assert.deepEqual(
        owedToHost.map((line: { owed: string; places: number }) => [line.owed, line.places]),
        [['8.50', 1]],
      );
    });

    it('exports the ledger as CSV with formula-looking cells escaped, to hosts only', async () => {
      const { host, game } = await hosted();
      const sly = await onboardedUser(t.app, '=HYPERLINK("http://x")');
      await join(sly, game.id);
      await call(sly, 'POST', `/api/v1/games/${game.id}/payments/me/claim`, { reference: '@SUM(A1)' });
      const csv = await call(host, 'GET', `/api/v1/games/${game.id}/ledger.csv`);
      assert.equal(csv.statusCode, 200);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      const lines = csv.body.trim().split('\r\n');
      assert.equal(lines[0], '"player","place","state","amount","currency","bill reference","claim reference","updated"');
      assert.ok(lines[1]!.startsWith(`"'=HYPERLINK(""http://x"")","player","CLAIMED","8.50","SGD",`), lines[1]);
      assert.ok(lines[1]!.includes(`"'@SUM(A1)"`), lines[1]);
      assertProblem(await call(sly, 'GET', `/api/v1/games/${game.id}/ledger.csv`), 404, 'game_not_found');
    });
  });
}
