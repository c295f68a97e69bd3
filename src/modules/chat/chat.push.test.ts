import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { createGame, gameBody, onboardedUser, type Game } from '../../../test/helpers/games.ts';
import { addCoHost } from '../../../test/helpers/invitations.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import type { TestUser } from '../../../test/helpers/users.ts';
import type { Database } from '../../platform/db/index.ts';

const PREFS = '/api/v1/me/notification-preferences';

for (const backend of backends) {
  describe(`chat pushes (${backend.name})`, () => {
    // 09:00 in Singapore, the default APP_TIME_ZONE.
    const clock = new TestClock(new Date('2031-03-02T01:00:00Z'));
    let db: Database;

    const t = appSuite(backend, { overrides: { clock, onDatabase: (handle) => (db = handle.db) }, sport: 'Badminton', host: 'Host Tan' });
    before(async () => {
      await phone(t.host);
    });

    const req = (method: 'POST' | 'PUT', url: string, who: TestUser, payload?: object) =>
      t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    async function phone(who: TestUser) {
      const response = await req('POST', '/api/v1/device-tokens', who, { deviceToken: `device-${who.id}`, platform: 'ANDROID' });
      assert.equal(response.statusCode, 201, response.body);
    }
    const say = async (game: Game, who: TestUser, body: string) => {
      clock.advance(5);
      const response = await req('POST', `/api/v1/games/${game.id}/chat/messages`, who, { body });
      assert.equal(response.statusCode, 201, response.body);
    };
    /** The start of the next clock minute. */
    const nextMinute = () => clock.set(new Date((Math.floor(clock.now().getTime() / 60_000) + 1) * 60_000));
    const prefer = async (who: TestUser, payload: object) => assert.equal((await req('PUT', PREFS, who, payload)).statusCode, 200);
    /** The user's chat notifications about the game (each one push), oldest first. */
    const pushes = async (who: TestUser, game: Game) => {
      const result: unknown = await db.execute(
        sql`SELECT type, title, message, in_app AS "inApp" FROM notifications WHERE user_id = ${who.id}::uuid AND resource_id = ${game.id}::uuid AND type LIKE 'CHAT_%' ORDER BY seq`,
      );
      return (result as { rows: Array<{ type: string; title: string; message: string; inApp: boolean }> }).rows;
    };
    /** Pushes queued for the user about the game (due when the minute is over, so not sent yet). */
    const queued = async (who: TestUser, game: Game) => {
      const result: unknown = await db.execute(
        sql`SELECT count(*)::int AS n FROM push_outbox o JOIN notifications n ON n.id = o.notification_id WHERE o.user_id = ${who.id}::uuid AND n.resource_id = ${game.id}::uuid`,
      );
      return Number((result as { rows: Array<{ n: number }> }).rows[0]?.n);
    };
    let slot = 0;
    async function cast() {
      const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 48 + 3 * ++slot, { slots: 4, title: 'Thursday smash' }));
      const [coHost, pat, wai] = await Promise.all(['Co Lee', 'Pat Ong', 'Wai Ng'].map((name) => onboardedUser(t.app, name)));
      await addCoHost(t.app, t.host, game.id, coHost!);
      for (const who of [pat!, wai!]) {
        assert.equal((await req('POST', `/api/v1/games/${game.id}/participants`, who)).statusCode, 201);
        await phone(who);
      }
      await phone(coHost!);
      nextMinute();
      return { game, coHost: coHost!, pat: pat!, wai: wai! };
    }

    it('hosts get a push for a player’s message, players only once they turn it on, the author never', async () => {
      const { game, coHost, pat, wai } = await cast();
      await say(game, pat, 'Running 10 min late');
      const [hosted] = await pushes(t.host, game);
      assert.equal(hosted?.type, 'CHAT_HOSTING');
      assert.equal(hosted?.inApp, false, 'push only: the chat has its own unread count');
      assert.match(hosted.message, /^1 new message in the chat of the game its organiser titled "Thursday smash"\.$/);
      assert.equal(await queued(t.host, game), 1, 'a push is queued for the host’s device');
      assert.equal((await pushes(coHost, game)).length, 1);
      assert.deepEqual(await pushes(wai, game), [], 'a player hears nothing by default');
      assert.deepEqual(await pushes(pat, game), [], 'never the author');

      await prefer(wai, { types: { CHAT_PLAYING: { push: true } } });
      nextMinute();
      await say(game, t.host, 'Court 4 tonight');
      assert.deepEqual(
        (await pushes(wai, game)).map((row) => row.type),
        ['CHAT_PLAYING'],
      );
      assert.deepEqual(await pushes(pat, game), [], 'another player has not turned it on');
      assert.equal((await pushes(t.host, game)).length, 1, 'the author of this one is the host');
    });

    it('three messages within a minute are one push saying so; the next minute another', async () => {
      const { game, pat, wai } = await cast();
      await say(game, pat, 'one');
      await say(game, wai, 'two');
      await say(game, pat, 'three');
      const [batch, ...rest] = await pushes(t.host, game);
      assert.deepEqual(rest, []);
      assert.match(batch!.message, /^3 new messages in the chat of /);
      assert.equal(await queued(t.host, game), 1, 'one push for the three');
      nextMinute();
      await say(game, pat, 'four');
      const rows = await pushes(t.host, game);
      assert.equal(rows.length, 2);
      assert.match(rows[1]!.message, /^1 new message /);
    });

    it('a muted game gives no push, a mention neither', async () => {
      const { game, coHost, pat } = await cast();
      await prefer(coHost, { mutedGameIds: [game.id] });
      await say(game, pat, 'anyone @Co?');
      assert.deepEqual(await pushes(coHost, game), []);
      assert.equal((await pushes(t.host, game)).length, 1, 'the other host still hears');
    });

    it('a mention reaches a member whose chat pushes are off; the rule is the first or whole name', async () => {
      const { game, pat, wai } = await cast();
      await say(game, t.host, 'thanks @pat, see you at 8');
      const [mention] = await pushes(pat, game);
      assert.equal(mention?.type, 'CHAT_MENTION');
      assert.equal(mention?.title, 'You were mentioned in a chat');
      assert.deepEqual(await pushes(wai, game), [], 'not mentioned, chat pushes off');
      nextMinute();
      await say(game, t.host, '@Wai Ng bring shuttles');
      assert.equal((await pushes(wai, game))[0]?.type, 'CHAT_MENTION');
      nextMinute();
      await say(game, t.host, '@Patricia and @wain are not members');
      assert.equal((await pushes(pat, game)).length, 1);
      assert.equal((await pushes(wai, game)).length, 1);
      // Turning mentions off silences them.
      await prefer(pat, { types: { CHAT_MENTION: { push: false } } });
      nextMinute();
      await say(game, t.host, '@Pat again');
      assert.equal((await pushes(pat, game)).length, 1);
    });

    it('quiet hours hold a chat push back like any other (not sent later)', async () => {
      const { game, coHost, pat } = await cast();
      await prefer(coHost, { quietHours: { start: '00:00', end: '23:59' } });
      await say(game, pat, 'late night thoughts @Co');
      assert.deepEqual(await pushes(coHost, game), []);
      assert.equal((await pushes(t.host, game)).length, 1);
    });
  });
}
