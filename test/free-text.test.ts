import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from './helpers/backends.ts';
import { createGame, gameBody } from './helpers/games.ts';
import { assertProblem } from './helpers/problem.ts';
import { createUser } from './helpers/users.ts';
import { SeriesWorld } from './helpers/series.ts';

// Text another user reads: a right-to-left override makes "gnp.exe" read as "exe.png"; NUL cannot be stored; half a
// surrogate pair is not text (written as JSON, the database refuses it: the fuzzer found a 500 in an activity's audit entry).
const HOSTILE = {
  override: 'Photos \u202Egnp.exe',
  nul: 'nul\u0000byte',
  isolate: 'Pay \u2066here\u2069',
  invisible: '\u200B\u2060',
  broken: 'half \uD800 pair',
};
// Accents, emoji (a ZWJ family, a flag, a skin tone), other scripts, line breaks and a tab pass untouched.
const ORDINARY = 'Café crème à 7h — bring 🏐 & 💧!\nFamille 👨‍👩‍👧‍👦 🇸🇬 👍🏽\tمرحبا שלום 你好';

for (const backend of backends) {
  describe(`free text another user reads is held to the text rule (${backend.name})`, () => {
    const world = new SeriesWorld(new Date('2033-06-06T08:00:00Z'));
    let hours = 48;
    const game = (overrides: Record<string, unknown> = {}) =>
      createGame(world.t.app, world.host, gameBody(world.sport, world.clock.now(), (hours += 3), overrides));
    const refused = (response: Awaited<ReturnType<typeof world.req>>, field: string) => {
      const problem = assertProblem(response, 400, 'validation_failed');
      const fields = (problem.errors as Array<{ field: string; location: string }>).map((error) => `${error.location}:${error.field}`);
      assert.ok(fields.includes(`body:${field}`), `${field} named in ${JSON.stringify(problem.errors)}`);
    };
    const gamesOfHost = async () => (await world.req('GET', '/api/v1/me/games/hosted?size=100', world.host)).json().data.content.length as number;

    before(() => world.open(backend));
    after(() => world.t.close());

    it('a game description with a bidi override, an isolate, NUL or only invisible characters is refused, naming the field, and no game is made', async () => {
      const before = await gamesOfHost();
      for (const description of Object.values(HOSTILE)) {
        refused(await world.req('POST', '/api/v1/games', world.host, gameBody(world.sport, world.clock.now(), (hours += 3), { description })), 'description');
      }
      assert.equal(await gamesOfHost(), before);
    });

    it('an edit to a hostile description is refused and the game keeps its description', async () => {
      const made = await game({ description: 'Bring water' });
      for (const description of Object.values(HOSTILE)) refused(await world.req('PUT', `/api/v1/games/${made.id}`, world.host, { description }), 'description');
      assert.equal((await world.req('GET', `/api/v1/games/${made.id}`, world.host)).json().data.description, 'Bring water');
    });

    it('a series description, a join-request message and a guest name are held to the same rule', async () => {
      const series = world.body({ weekdays: [4], startsOn: '2033-06-09', occurrenceCount: 2, description: HOSTILE.override });
      refused(await world.req('POST', '/api/v1/series', world.host, series), 'description');
      assert.equal((await world.req('GET', '/api/v1/series', world.host)).json().data.content.length, 0);

      const asked = await game({ joinPolicy: 'APPROVAL' });
      const player = await world.user('Hopeful Player');
      for (const message of Object.values(HOSTILE)) refused(await world.req('POST', `/api/v1/games/${asked.id}/join-requests`, player, { message }), 'message');
      assert.deepEqual((await world.req('GET', `/api/v1/games/${asked.id}/join-requests`, world.host)).json().data.content, []);

      const open = await game({ maxGuestsPerPlayer: 1 });
      const joined = await world.req('POST', `/api/v1/games/${open.id}/participants`, player, { guests: 1, guestNames: [HOSTILE.override] });
      refused(joined, 'guestNames[0]');
      assert.equal((await world.req('GET', `/api/v1/games/${open.id}`, world.host)).json().data.playersJoined, 0);
    });

    it('a skill level named with half a surrogate pair is refused, naming the field, and no activity is made', async () => {
      const admin = await createUser(world.t.app, { admin: true });
      const activities = async () => (await world.req('GET', '/api/v1/activities?size=100', admin)).json().data.content.length as number;
      const before = await activities();
      const body = { name: 'Squash', skillLevels: [{ name: HOSTILE.broken, sortOrder: 1 }] };
      refused(await world.req('POST', '/api/v1/admin/activities', admin, body), 'skillLevels[0].name');
      refused(await world.req('POST', '/api/v1/admin/activities', admin, { name: HOSTILE.broken }), 'name');
      assert.equal(await activities(), before);
    });

    it('ordinary text with accents, emoji, other scripts and line breaks is kept exactly', async () => {
      const made = await game({ description: ORDINARY, joinPolicy: 'APPROVAL' });
      assert.equal(made.description, ORDINARY);
      assert.equal((await world.req('GET', `/api/v1/games/${made.id}`, world.host)).json().data.description, ORDINARY);
      const player = await world.user('Chatty Player');
      assert.equal((await world.req('POST', `/api/v1/games/${made.id}/join-requests`, player, { message: ORDINARY })).statusCode, 201);
      const pending = (await world.req('GET', `/api/v1/games/${made.id}/join-requests`, world.host)).json().data.content as Array<{ message: string }>;
      assert.deepEqual(
        pending.map((request) => request.message),
        [ORDINARY],
      );
    });
  });
}
