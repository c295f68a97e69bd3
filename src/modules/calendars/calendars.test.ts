import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ICAL from 'ical.js';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { createGame, gameBody, onboardedUser } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { renderCalendar } from './calendars.presenter.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import type { TestUser } from '../../../test/helpers/users.ts';

interface ParsedEvent {
  uid: string;
  sequence: number;
  start: string;
  zone: string | undefined;
  status: string;
  url: string;
  summary: string;
}

/** Parsed by ical.js, a parser independent of the generator. */
function parse(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      zone: event.startDate.zone?.tzid,
      status: String(component.getFirstPropertyValue('status')),
      url: String(component.getFirstPropertyValue('url')),
      summary: event.summary,
    };
  });
}

for (const backend of backends) {
  describe(`calendars (${backend.name})`, () => {
    const clock = new TestClock(new Date('2034-04-01T08:00:00Z'));
    const logged: string[] = [];
    let hours = 48;
    const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, headers: Record<string, string> = {}, payload?: object) =>
      t.app.inject({ method, url, headers: { ...(who ? who.auth : {}), ...headers }, ...(payload ? { payload } : {}) });
    const newGame = (overrides: Record<string, unknown> = {}, organiser = t.host) => {
      hours += 3;
      return createGame(t.app, organiser, gameBody(t.sport, clock.now(), hours, overrides));
    };
    const feedPath = async (who: TestUser) => {
      const created = await req('POST', '/api/v1/me/calendar', who);
      assert.equal(created.statusCode, 201, created.body);
      return new URL(created.json().data.url as string).pathname;
    };

    const t = appSuite(backend, {
      env: { LOG_LEVEL: 'info' },
      overrides: { clock, logStream: { write: (line) => logged.push(line) } },
      host: 'Host Ivy',
      sport: 'Volleyball',
    });

    it('a game’s .ics: valid iCalendar with a stable UID, the venue zone, the share URL; same visibility as the game', async () => {
      const game = await newGame({ title: 'Sunset volley' });
      const response = await req('GET', `/api/v1/games/${game.id}.ics`);
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^text\/calendar/);
      const [event] = parse(response.body);
      assert.deepEqual(event, {
        uid: `${game.id}@${new URL(t.config.baseUrl).hostname}`,
        sequence: 0,
        start: game.startTime,
        zone: t.config.timeZone,
        status: 'CONFIRMED',
        url: game.shareLink!.shareUrl,
        summary: 'Sunset volley',
      });
      const hidden = await newGame({ visibility: 'PRIVATE' });
      const outsider = await onboardedUser(t.app, 'Outsider');
      assertProblem(await req('GET', `/api/v1/games/${hidden.id}.ics`), 404, 'game_not_found');
      assertProblem(await req('GET', `/api/v1/games/${hidden.id}.ics`, outsider), 404, 'game_not_found');
      assert.equal((await req('GET', `/api/v1/games/${hidden.id}.ics`, t.host)).statusCode, 200);
      assertProblem(await req('GET', '/api/v1/games/00000000-0000-4000-8000-000000000000.ics'), 404, 'game_not_found');
    });

    it('every change raises SEQUENCE under the same UID; ETag / If-None-Match answer 304 until the game changes', async () => {
      const game = await newGame();
      const first = await req('GET', `/api/v1/games/${game.id}.ics`);
      const etag = String(first.headers.etag);
      assert.ok(etag.startsWith('"'));
      const unchanged = await req('GET', `/api/v1/games/${game.id}.ics`, undefined, { 'if-none-match': etag });
      assert.equal(unchanged.statusCode, 304);
      assert.equal(unchanged.body, '');
      assert.equal((await req('GET', `/api/v1/games/${game.id}.ics`, undefined, { 'if-none-match': `W/${etag}` })).statusCode, 304);

      for (const [index, title] of ['First change', 'Second change'].entries()) {
        clock.advance(60);
        assert.equal((await req('PUT', `/api/v1/games/${game.id}`, t.host, {}, { title })).statusCode, 200);
        const changed = await req('GET', `/api/v1/games/${game.id}.ics`, undefined, { 'if-none-match': etag });
        assert.equal(changed.statusCode, 200);
        assert.notEqual(changed.headers.etag, etag);
        const [event] = parse(changed.body);
        assert.equal(event!.sequence, index + 1);
        assert.equal(event!.uid, parse(first.body)[0]!.uid);
        assert.equal(event!.summary, title);
      }
    });

    it('the secret feed holds hosted and joined games, shows a cancelled game as cancelled, and rotates or is revoked (404)', async () => {
      const player = await onboardedUser(t.app, 'Subscriber');
      const otherHost = await onboardedUser(t.app, 'Other Host');
      const hosted = await newGame({}, player);
      const joined = await newGame({}, otherHost);
      const elsewhere = await newGame({}, otherHost);
      assert.equal((await req('POST', `/api/v1/games/${joined.id}/participants`, player)).statusCode, 201);

      const path = await feedPath(player);
      assert.match(path, /^\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      const feed = await req('GET', path);
      assert.equal(feed.statusCode, 200, feed.body);
      const uids = parse(feed.body).map((event) => event.uid.split('@')[0]);
      assert.deepEqual(uids.sort(), [hosted.id, joined.id].sort());
      assert.ok(!uids.includes(elsewhere.id));

      // The organiser cancels: the subscribed feed shows it cancelled, with a higher SEQUENCE.
      const before = parse(feed.body).find((event) => event.uid.startsWith(joined.id))!;
      assert.equal((await req('DELETE', `/api/v1/games/${joined.id}`, otherHost)).statusCode, 204);
      const polled = await req('GET', path, undefined, { 'if-none-match': String(feed.headers.etag) });
      assert.equal(polled.statusCode, 200);
      const cancelled = parse(polled.body).find((event) => event.uid === before.uid)!;
      assert.equal(cancelled.status, 'CANCELLED');
      assert.ok(cancelled.sequence > before.sequence);
      assert.equal((await req('GET', path, undefined, { 'if-none-match': String(polled.headers.etag) })).statusCode, 304);

      // Rotating ends the old URL; revoking ends the new one; another user's revoke touches neither.
      const rotated = await feedPath(player);
      assert.notEqual(rotated, path);
      assertProblem(await req('GET', path), 404, 'calendar_not_found');
      assert.equal((await req('DELETE', '/api/v1/me/calendar', otherHost)).statusCode, 204);
      assert.equal((await req('GET', rotated)).statusCode, 200);
      assert.equal((await req('DELETE', '/api/v1/me/calendar', player)).statusCode, 204);
      assertProblem(await req('GET', rotated), 404, 'calendar_not_found');
      assertProblem(await req('GET', '/api/v1/calendar/not-a-token.ics'), 404, 'calendar_not_found');
      assert.equal((await req('POST', '/api/v1/me/calendar')).statusCode, 401);
    });

    it('both .ics answers end every line, the last one too, with CRLF', async () => {
      const game = await newGame();
      const single = await req('GET', `/api/v1/games/${game.id}.ics`);
      assert.ok(single.body.endsWith('END:VCALENDAR\r\n'), JSON.stringify(single.body.slice(-20)));
      const feed = await req('GET', await feedPath(await onboardedUser(t.app, 'Crlf Reader')));
      assert.ok(feed.body.endsWith('END:VCALENDAR\r\n'), JSON.stringify(feed.body.slice(-20)));
    });

    it('a title with a line break or a bidirectional override is refused (400, per field) and no game is made', async () => {
      for (const title of ['Volley\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Forged', 'Photos \u202Egnp.exe', '\u200B \u2060']) {
        const response = await req('POST', '/api/v1/games', t.host, {}, gameBody(t.sport, clock.now(), (hours += 3), { title }));
        assertProblem(response, 400, 'validation_failed');
        assert.match(response.body, /title must be text on one line/);
      }
    });

    it('a calendar name with CR/LF stays one property: an independent parser sees no forged event', () => {
      const body = renderCalendar('Volley\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:forged\r\nEND:VEVENT', [], {
        timeZone: 'UTC',
        uidDomain: 'example.test',
        shareLinks: false,
      });
      assert.ok(!/^BEGIN:VEVENT/m.test(body), body);
      const calendar = new ICAL.Component(ICAL.parse(body));
      assert.equal(calendar.getAllSubcomponents('vevent').length, 0);
      // ical.js keeps an X- property's text as written: escaped, on one line.
      assert.equal(String(calendar.getFirstPropertyValue('x-wr-calname')), 'Volley\\nEND:VCALENDAR\\nBEGIN:VCALENDAR\\nBEGIN:VEVENT\\nUID:forged\\nEND:VEVENT');
    });

    it('the feed carries no share link, even of a private game; the single game’s .ics keeps its own', async () => {
      const owner = await onboardedUser(t.app, 'Private Host');
      const hidden = await newGame({ visibility: 'PRIVATE' }, owner);
      const feed = await req('GET', await feedPath(owner));
      assert.equal(feed.statusCode, 200, feed.body);
      const code = hidden.shareLink!.code;
      assert.ok(!feed.body.replace(/\r\n[ \t]/g, '').includes(code), 'no share code in the feed');
      assert.deepEqual(
        parse(feed.body).map((event) => event.uid.split('@')[0]),
        [hidden.id],
      );
      assert.ok((await req('GET', `/api/v1/games/${hidden.id}.ics`, owner)).body.replace(/\r\n[ \t]/g, '').includes(code));
    });

    it('a feed unread for 90 days lapses (404); every read starts the 90 days again', async () => {
      const reader = await onboardedUser(t.app, 'Seldom Reader');
      const path = await feedPath(reader);
      clock.advance(89 * 86_400);
      assert.equal((await req('GET', path)).statusCode, 200);
      clock.advance(89 * 86_400);
      assert.equal((await req('GET', path)).statusCode, 200);
      clock.advance(90 * 86_400 + 1);
      assertProblem(await req('GET', path), 404, 'calendar_not_found');
    });

    it('request logs never show a feed token', async () => {
      const who = await onboardedUser(t.app, 'Logged');
      const path = await feedPath(who);
      const token = path.split('/').at(-1)!.replace('.ics', '');
      logged.length = 0;
      assert.equal((await req('GET', path)).statusCode, 200);
      assertProblem(await req('GET', `/api/v1/calendar/${token.slice(1)}x.ics`), 404, 'calendar_not_found');
      const lines = logged.join('\n');
      assert.ok(lines.includes('/api/v1/calendar/[REDACTED]'), lines);
      assert.ok(!lines.includes(token.slice(1)), 'the token is not logged');
    });
  });
}
