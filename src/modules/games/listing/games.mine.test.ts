import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser, type Game, type Sport } from '../../../../test/helpers/games.ts';
import { assertProblem } from '../../../../test/helpers/problem.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { createUser, mintTokens, type TestUser } from '../../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`games of the caller (${backend.name})`, () => {
    let t: TestApp;
    const clock = new TestClock(new Date('2031-03-03T02:00:00Z'));
    let admin: TestUser;
    let sport: Sport;
    const req = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: TestUser) => t.app.inject({ method, url, headers: who ? who.auth : {} });
    const getGame = async (id: string, who?: TestUser) => {
      const response = await req('GET', `/api/v1/games/${id}`, who);
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as Game;
    };

    before(async () => {
      t = await buildTestApp(backend, { RATE_LIMIT_PUBLIC_ANON: '100000', RATE_LIMIT_PUBLIC_USER: '100000' }, { clock });
      admin = await createUser(t.app, { admin: true });
      sport = await createSport(t.app, admin, { name: 'Badminton' });
    });
    after(() => t.close());

    it('lists joined and hosted games by start time, with totals on /me', async () => {
      const organiser = await onboardedUser(t.app, 'Busy');
      const player = await onboardedUser(t.app, 'Keen');
      const hosted: Game[] = [];
      for (const hours of [300, 100, 200]) hosted.push(await createGame(t.app, organiser, gameBody(sport, clock.now(), hours)));
      for (const game of hosted.slice(0, 2)) assert.equal((await req('POST', `/api/v1/games/${game.id}/participants`, player)).statusCode, 201);
      const page = async (path: string, who: TestUser) => {
        const ids: string[] = [];
        let cursor: string | null = null;
        do {
          const response = await req('GET', `${path}?size=1${cursor ? `&cursor=${cursor}` : ''}`, who);
          assert.equal(response.statusCode, 200, response.body);
          ids.push(...response.json().data.content.map((g: Game) => g.id));
          cursor = response.json().data.nextCursor;
        } while (cursor);
        return ids;
      };
      assert.deepEqual(await page('/api/v1/me/games/hosted', organiser), [hosted[1]!.id, hosted[2]!.id, hosted[0]!.id]);
      assert.deepEqual(await page('/api/v1/me/games/joined', player), [hosted[1]!.id, hosted[0]!.id]);
      const me = (await req('GET', '/api/v1/me', player)).json().data;
      assert.deepEqual([me.totalGamesJoined, me.totalGamesHosted], [2, 0]);
      assert.equal((await req('GET', '/api/v1/me', organiser)).json().data.totalGamesHosted, 3);
      const hostedCursor = (await req('GET', '/api/v1/me/games/hosted?size=1', organiser)).json().data.nextCursor;
      assertProblem(await req('GET', `/api/v1/me/games/joined?size=1&cursor=${hostedCursor}`, organiser), 400, 'invalid_cursor');
      assertProblem(await req('GET', '/api/v1/me/games/joined'), 401);
    });

    it('filter options hold what the filtered set holds', async () => {
      const pickle = await createSport(t.app, admin, { name: 'Pickleball' });
      const organiser = await onboardedUser(t.app, 'Picky');
      // 2031-03-10 09:30 and 18:00 in Singapore (UTC+8).
      const organise = (startTime: string, endTime: string, gameType: string, skillLevelFromId: string, skillLevelToId: string) =>
        createGame(t.app, organiser, gameBody(pickle, clock.now(), 0, { startTime, endTime, gameType, skillLevelFromId, skillLevelToId }));
      await organise('2031-03-10T01:30:00Z', '2031-03-10T03:00:00Z', 'SINGLE', pickle.levels.beginner, pickle.levels.intermediate);
      await organise('2031-03-10T10:00:00Z', '2031-03-10T11:00:00Z', 'DOUBLE', pickle.levels.advanced, pickle.levels.advanced);
      const options = async (query: string) => {
        const response = await req('GET', `/api/v1/games/filter-options?activityId=${pickle.activityId}&${query}`);
        assert.equal(response.statusCode, 200, response.body);
        return response.json().data;
      };
      const all = await options('');
      assert.deepEqual(all.startTimes, ['09:30', '18:00']);
      assert.deepEqual(all.gameTypes, ['DOUBLE', 'SINGLE']);
      assert.deepEqual(
        all.skillLevels.map((l: { name: string }) => l.name),
        ['Beginner', 'Intermediate', 'Advanced'],
      );
      assert.deepEqual(
        all.venues.map((v: { id: string }) => v.id),
        [pickle.venueId],
      );
      const morning = await options('toTime=12:00');
      assert.deepEqual([morning.startTimes, morning.gameTypes], [['09:30'], ['SINGLE']]);
      assertProblem(await req('GET', '/api/v1/games/filter-options?lat=1.3'), 400, 'validation_failed');
    });

    it('deleting the account cancels future hosted games and leaves joined ones', async () => {
      const leaving = await onboardedUser(t.app, 'Leaving');
      const other = await onboardedUser(t.app, 'Other');
      const hostedGame = await createGame(t.app, leaving, gameBody(sport, clock.now(), 400));
      const joinedGame = await createGame(t.app, other, gameBody(sport, clock.now(), 410, { slots: 1 }));
      const waiting = await onboardedUser(t.app, 'Waiting');
      assert.equal((await req('POST', `/api/v1/games/${hostedGame.id}/participants`, other)).statusCode, 201);
      assert.equal((await req('POST', `/api/v1/games/${joinedGame.id}/participants`, leaving)).json().data.status, 'ACTIVE');
      assert.equal((await req('POST', `/api/v1/games/${joinedGame.id}/participants`, waiting)).json().data.status, 'WAITLISTED');
      assert.equal((await req('DELETE', '/api/v1/me', leaving)).statusCode, 204);
      assert.equal((await getGame(hostedGame.id)).status, 'CANCELLED');
      const after = await getGame(joinedGame.id, waiting);
      assert.deepEqual([after.playersJoined, after.waitlisted, after.viewer!.joined], [1, 0, true]);
    });
    // Last in the file: it moves the clock on.
    it("splits the caller's games by state: going (playing or hosting), waiting, offered, requested, and past", async () => {
      const me = await onboardedUser(t.app, 'Split');
      const other = await onboardedUser(t.app, 'Runner');
      const filler = await onboardedUser(t.app, 'Filler');
      const post = async (who: TestUser, url: string, status: number, payload?: object) => {
        const response = await t.app.inject({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });
        assert.equal(response.statusCode, status, response.body);
        return response.json().data;
      };
      const soon = await createGame(t.app, other, gameBody(sport, clock.now(), 1));
      const playing = await createGame(t.app, other, gameBody(sport, clock.now(), 50));
      const hosted = await createGame(t.app, me, gameBody(sport, clock.now(), 60));
      const full = await createGame(t.app, other, gameBody(sport, clock.now(), 70, { slots: 1 }));
      const offering = await createGame(t.app, other, gameBody(sport, clock.now(), 80, { slots: 1, waitlistMode: 'OFFER' }));
      const approval = await createGame(t.app, other, gameBody(sport, clock.now(), 90, { joinPolicy: 'APPROVAL' }));
      for (const game of [soon, playing]) assert.equal((await post(me, `/api/v1/games/${game.id}/participants`, 201)).status, 'ACTIVE');
      for (const game of [full, offering]) await post(filler, `/api/v1/games/${game.id}/participants`, 201);
      for (const game of [full, offering]) assert.equal((await post(me, `/api/v1/games/${game.id}/participants`, 201)).status, 'WAITLISTED');
      const left = await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${offering.id}/participants/me`, headers: filler.auth });
      assert.equal(left.statusCode, 204, left.body);
      await post(me, `/api/v1/games/${approval.id}/join-requests`, 201, {});
      const list = async (query: string) => {
        const response = await req('GET', `/api/v1/me/games/joined?size=50${query}`, me);
        assert.equal(response.statusCode, 200, response.body);
        return (response.json().data.content as Game[]).map((game) => game.id);
      };
      assert.deepEqual(await list('&state=GOING'), [soon.id, playing.id, hosted.id]);
      assert.deepEqual(await list('&state=WAITING'), [full.id]);
      assert.deepEqual(await list('&state=OFFERED'), [offering.id]);
      assert.deepEqual(await list('&state=REQUESTED'), [approval.id]);
      assert.deepEqual(await list(''), [soon.id, playing.id, full.id, offering.id], 'without a state: playing or waiting, as before');
      const page = (await req('GET', '/api/v1/me/games/joined?size=1&state=GOING', me)).json().data;
      assert.deepEqual(await list(`&state=GOING&cursor=${page.nextCursor}`), [playing.id, hosted.id]);
      assertProblem(await req('GET', `/api/v1/me/games/joined?size=1&state=WAITING&cursor=${page.nextCursor}`, me), 400, 'invalid_cursor');
      assertProblem(await req('GET', '/api/v1/me/games/joined?state=HOSTING', me), 400, 'validation_failed');

      clock.set(new Date(clock.now().getTime() + 3 * 3_600_000));
      me.auth = { authorization: `Bearer ${(await mintTokens(t.app, me.id)).accessToken}` };
      assert.deepEqual(await list('&state=GOING'), [playing.id, hosted.id]);
      assert.deepEqual(await list('&state=GOING&past=true'), [soon.id]);
      assert.deepEqual(await list('&state=OFFERED'), [], 'an offer runs two hours');
      assert.deepEqual(await list('&state=WAITING'), [full.id, offering.id]);
    });
  });
}
