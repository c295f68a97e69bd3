import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auditOf } from '../../../../test/helpers/audit.ts';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser, type Sport } from '../../../../test/helpers/games.ts';
import type { ListedInvitation } from '../../../../test/helpers/invitations.ts';
import { assertProblem } from '../../../../test/helpers/problem.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { createUser, mintTokens, type TestUser } from '../../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`games: co-hosts (${backend.name})`, () => {
    let t: TestApp;
    const clock = new TestClock(new Date('2034-02-01T08:00:00Z'));
    let host: TestUser;
    let admin: TestUser;
    let sport: Sport;
    let hours = 48;
    const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, payload?: object) =>
      t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
    const privateGame = async (overrides: Record<string, unknown> = {}) => {
      hours += 3;
      return createGame(t.app, host, gameBody(sport, clock.now(), hours, { visibility: 'PRIVATE', ...overrides }));
    };
    const addCoHost = (gameId: string, userId: string, who = host) => req('POST', `/api/v1/games/${gameId}/co-hosts`, who, { userId });
    const invitationTo = async (who: TestUser, gameId: string) =>
      ((await req('GET', '/api/v1/me/invitations', who)).json().data as ListedInvitation[]).find((i) => i.resourceId === gameId);
    const accept = async (who: TestUser, gameId: string) => {
      const invitation = await invitationTo(who, gameId);
      assert.ok(invitation, 'an open invitation');
      return req('POST', `/api/v1/me/invitations/${invitation.id}/accept`, who);
    };
    /** Invited and accepted: a co-host. */
    const makeCoHost = async (gameId: string, who: TestUser) => {
      assert.equal((await addCoHost(gameId, who.id)).statusCode, 201);
      assert.equal((await accept(who, gameId)).statusCode, 204);
    };
    const told = async (who: TestUser, gameId: string, type: string) => {
      const response = await req('GET', '/api/v1/notifications?size=100', who);
      return (response.json().data.content as Array<{ type: string; resourceId: string }>).filter((n) => n.type === type && n.resourceId === gameId).length;
    };

    before(async () => {
      t = await buildTestApp(backend, {}, { clock });
      admin = await createUser(t.app, { admin: true });
      host = await onboardedUser(t.app, 'Host Cohen');
      sport = await createSport(t.app, admin, { name: 'Handball' });
    });
    after(() => t.close());

    it('the organiser invites a co-host, who is told once and has no powers until accepting; then runs the private game: edit, remove players, confirm', async () => {
      const game = await privateGame({ minPlayers: 2 });
      const [coHost, player] = [await onboardedUser(t.app, 'Co Host'), await onboardedUser(t.app, 'Pia Player')];
      assertProblem(await req('GET', `/api/v1/games/${game.id}`, coHost), 404, 'game_not_found');
      const invited = await addCoHost(game.id, coHost.id);
      assert.equal(invited.statusCode, 201, invited.body);
      assert.deepEqual([invited.json().data.userId, invited.json().data.name, invited.json().data.state], [coHost.id, 'Co Host', 'PENDING']);
      assert.equal((await addCoHost(game.id, coHost.id)).json().data.state, 'PENDING', 'inviting again answers the same');
      assert.equal(await told(coHost, game.id, 'CO_HOST_INVITED'), 1, 'told once');
      // Pending: no co-host powers, not listed to others, listed to the organiser as PENDING.
      assertProblem(await req('GET', `/api/v1/games/${game.id}`, coHost), 404, 'game_not_found');
      assertProblem(await req('PUT', `/api/v1/games/${game.id}`, coHost, { title: 'Not yet' }), 404, 'game_not_found');
      assert.deepEqual(
        (await req('GET', `/api/v1/games/${game.id}/co-hosts`, host)).json().data.map((c: { userId: string; state: string }) => [c.userId, c.state]),
        [[coHost.id, 'PENDING']],
      );
      const invitation = await invitationTo(coHost, game.id);
      assert.equal(invitation!.resourceType, 'GAME');
      assertProblem(await req('POST', `/api/v1/me/invitations/${invitation!.id}/accept`, player), 404, 'invitation_not_found');
      assert.equal((await accept(coHost, game.id)).statusCode, 204);
      assert.equal(await invitationTo(coHost, game.id), undefined, 'no longer open');
      assertProblem(await req('POST', `/api/v1/me/invitations/${invitation!.id}/accept`, coHost), 404, 'invitation_not_found');
      const listed = await req('GET', `/api/v1/games/${game.id}/co-hosts`, coHost);
      assert.deepEqual(
        listed.json().data.map((c: { userId: string; state: string }) => [c.userId, c.state]),
        [[coHost.id, 'ACTIVE']],
      );
      const seen = await req('GET', `/api/v1/games/${game.id}`, coHost);
      assert.equal(seen.statusCode, 200);
      assert.equal(seen.json().data.viewer.isCoHost, true);
      assert.equal(seen.json().data.viewer.isOrganizer, false);
      assert.ok((await req('GET', '/api/v1/games?size=100', coHost)).body.includes(game.id), 'listed for the co-host');
      assert.equal((await req('GET', `/api/v1/games/${game.id}/participants`, coHost)).statusCode, 200);

      // The player reaches the private game through its share link.
      assert.equal((await req('GET', `/api/v1/share-links/${game.shareLink!.code}`, player)).statusCode, 200);
      assert.equal((await req('POST', `/api/v1/games/${game.id}/participants`, player)).statusCode, 201);
      const edited = await req('PUT', `/api/v1/games/${game.id}`, coHost, { title: 'Run by the co-host' });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(await told(host, game.id, 'GAME_UPDATED'), 1, 'the organiser hears of a co-host’s edit');
      assert.equal((await req('POST', `/api/v1/games/${game.id}/confirm`, coHost)).json().data.confirmed, true);
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/participants/${player.id}`, coHost)).statusCode, 204);
      assert.equal(await told(player, game.id, 'PLAYER_REMOVED'), 1);
    });

    it('only the organiser cancels, deletes or changes co-hosts; a co-host gets 404 like anyone', async () => {
      const game = await privateGame();
      const [coHost, other] = [await onboardedUser(t.app, 'Cody'), await onboardedUser(t.app, 'Otto')];
      await makeCoHost(game.id, coHost);
      assertProblem(await req('DELETE', `/api/v1/games/${game.id}`, coHost), 404, 'game_not_found');
      assertProblem(await req('DELETE', `/api/v1/games/${game.id}/hard`, coHost), 404, 'game_not_found');
      assertProblem(await addCoHost(game.id, other.id, coHost), 404, 'game_not_found');
      assertProblem(await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${coHost.id}`, coHost), 404, 'game_not_found');
      assertProblem(await addCoHost(game.id, other.id, other), 404, 'game_not_found');
      assertProblem(await req('GET', `/api/v1/games/${game.id}/co-hosts`, other), 404, 'game_not_found');
      assertProblem(await req('PUT', `/api/v1/games/${game.id}`, other, { title: 'x' }), 404, 'game_not_found');
      assert.equal((await req('GET', `/api/v1/games/${game.id}`, host)).json().data.status, 'SCHEDULED');
    });

    it('refuses an unknown user, the organiser and a sixth co-host or open invitation (even when raced); the organiser withdraws an invitation', async () => {
      const game = await privateGame();
      assertProblem(await addCoHost(game.id, '00000000-0000-4000-8000-000000000001'), 400, 'validation_failed');
      assertProblem(await addCoHost(game.id, host.id), 409, 'co_host_is_organizer');
      const candidates: TestUser[] = [];
      for (let i = 0; i < 10; i++) candidates.push(await onboardedUser(t.app, `Candidate ${i}`));
      const responses = await Promise.all(candidates.map((who) => addCoHost(game.id, who.id)));
      assert.equal(responses.filter((r) => r.statusCode === 201).length, 5);
      for (const r of responses.filter((r) => r.statusCode !== 201)) assertProblem(r, 409, 'co_host_limit');
      const invited = candidates.filter((_, i) => responses[i]!.statusCode === 201);
      const refused = candidates.filter((_, i) => responses[i]!.statusCode !== 201);
      assert.equal((await addCoHost(game.id, invited[0]!.id)).statusCode, 201, 'inviting again is not one more');
      assert.equal((await req('GET', `/api/v1/games/${game.id}/co-hosts`, host)).json().data.length, 5);
      assert.equal((await accept(invited[1]!, game.id)).statusCode, 204);
      // Withdrawn: the invitation is gone and cannot be accepted; a place is free for another.
      const withdrawn = await invitationTo(invited[0]!, game.id);
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${invited[0]!.id}`, host)).statusCode, 204);
      assertProblem(await req('POST', `/api/v1/me/invitations/${withdrawn!.id}/accept`, invited[0]), 404, 'invitation_not_found');
      assertProblem(await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${invited[0]!.id}`, host), 404, 'co_host_not_found');
      assert.equal(await told(invited[0]!, game.id, 'CO_HOST_REMOVED'), 0, 'a withdrawn invitation removes nobody');
      assert.equal((await addCoHost(game.id, refused[0]!.id)).statusCode, 201);
      assertProblem(await addCoHost(game.id, refused[1]!.id), 409, 'co_host_limit');
      // Declining changes nothing else, and frees the place too.
      const declined = await invitationTo(invited[2]!, game.id);
      assert.equal((await req('POST', `/api/v1/me/invitations/${declined!.id}/decline`, invited[2])).statusCode, 204);
      assertProblem(await req('POST', `/api/v1/me/invitations/${declined!.id}/decline`, invited[2]), 404, 'invitation_not_found');
      assertProblem(await req('GET', `/api/v1/games/${game.id}`, invited[2]), 404, 'game_not_found');
      assert.equal((await addCoHost(game.id, refused[1]!.id)).statusCode, 201);
    });

    it('an invitation to co-host a game expires at its start (or after 7 days): it is no longer listed nor accepted, and a new one can be sent', async () => {
      const game = await privateGame();
      const late = await onboardedUser(t.app, 'Late Larry');
      assert.equal((await addCoHost(game.id, late.id)).statusCode, 201);
      const invitation = await invitationTo(late, game.id);
      assert.equal(invitation!.expiresAt, game.startTime, 'the game starts within 7 days');
      const before = clock.now();
      clock.set(new Date(Date.parse(game.startTime) - 1000));
      late.auth = { authorization: `Bearer ${(await mintTokens(t.app, late.id)).accessToken}` };
      host.auth = { authorization: `Bearer ${(await mintTokens(t.app, host.id)).accessToken}` };
      assert.ok(await invitationTo(late, game.id), 'open until the start');
      clock.set(new Date(Date.parse(game.startTime)));
      late.auth = { authorization: `Bearer ${(await mintTokens(t.app, late.id)).accessToken}` };
      assert.equal(await invitationTo(late, game.id), undefined);
      assertProblem(await req('POST', `/api/v1/me/invitations/${invitation!.id}/accept`, late), 404, 'invitation_not_found');
      clock.set(before);
      late.auth = { authorization: `Bearer ${(await mintTokens(t.app, late.id)).accessToken}` };
      host.auth = { authorization: `Bearer ${(await mintTokens(t.app, host.id)).accessToken}` };
    });

    it('a removed co-host is told and loses the private game; a duplicate add is 409 already_co_host', async () => {
      const game = await privateGame();
      const coHost = await onboardedUser(t.app, 'Gone Soon');
      await makeCoHost(game.id, coHost);
      assertProblem(await addCoHost(game.id, coHost.id), 409, 'already_co_host');
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${coHost.id}`, host)).statusCode, 204);
      assert.equal(await told(coHost, game.id, 'CO_HOST_REMOVED'), 1);
      assertProblem(await req('GET', `/api/v1/games/${game.id}`, coHost), 404, 'game_not_found');
      assertProblem(await req('PUT', `/api/v1/games/${game.id}`, coHost, { title: 'x' }), 404, 'game_not_found');
    });

    it('records each co-host change in the audit trail: invited, accepted, declined, withdrawn, removed; an invitation repeated or refused records nothing', async () => {
      // An organiser of their own: the suite's host has used up its writes for the minute.
      const organiser = await onboardedUser(t.app, 'Audited Organiser');
      const game = await createGame(t.app, organiser, gameBody(sport, clock.now(), 60, { visibility: 'PRIVATE' }));
      const [keen, shy, dropped] = [await onboardedUser(t.app, 'Keen Co'), await onboardedUser(t.app, 'Shy Co'), await onboardedUser(t.app, 'Dropped Co')];
      const invited = await addCoHost(game.id, keen.id, organiser);
      assert.equal(invited.statusCode, 201, invited.body);
      assert.equal((await addCoHost(game.id, keen.id, organiser)).statusCode, 201, 'inviting again');
      assertProblem(await addCoHost(game.id, organiser.id, organiser), 409, 'co_host_is_organizer');
      assertProblem(await addCoHost(game.id, shy.id, keen), 404, 'game_not_found');
      for (const who of [shy, dropped]) assert.equal((await addCoHost(game.id, who.id, organiser)).statusCode, 201);
      const accepted = await accept(keen, game.id);
      assert.equal(accepted.statusCode, 204);
      const declined = await req('POST', `/api/v1/me/invitations/${(await invitationTo(shy, game.id))!.id}/decline`, shy);
      assert.equal(declined.statusCode, 204);
      const withdrawn = await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${dropped.id}`, organiser);
      assert.equal(withdrawn.statusCode, 204);
      const removed = await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${keen.id}`, organiser);
      assert.equal(removed.statusCode, 204);
      assertProblem(await req('DELETE', `/api/v1/games/${game.id}/co-hosts/${keen.id}`, organiser), 404, 'co_host_not_found');

      const entries = (await auditOf(t.app, admin, 'game', game.id)).reverse();
      const invitation = (who: TestUser) => ({ coHostInvitation: { before: null, after: { userId: who.id } } });
      assert.deepEqual(
        entries.map((entry) => [entry.action, entry.actorId, entry.requestId, entry.changes]),
        [
          ['game.co-host.invited', organiser.id, invited.headers['x-request-id'], invitation(keen)],
          ['game.co-host.invited', organiser.id, entries[1]!.requestId, invitation(shy)],
          ['game.co-host.invited', organiser.id, entries[2]!.requestId, invitation(dropped)],
          [
            'game.co-host.invitation.accepted',
            keen.id,
            accepted.headers['x-request-id'],
            { coHostInvitation: { before: { userId: keen.id }, after: null }, coHost: { before: null, after: { userId: keen.id } } },
          ],
          ['game.co-host.invitation.declined', shy.id, declined.headers['x-request-id'], { coHostInvitation: { before: { userId: shy.id }, after: null } }],
          [
            'game.co-host.invitation.withdrawn',
            organiser.id,
            withdrawn.headers['x-request-id'],
            { coHostInvitation: { before: { userId: dropped.id }, after: null } },
          ],
          ['game.co-host.removed', organiser.id, removed.headers['x-request-id'], { coHost: { before: { userId: keen.id }, after: null } }],
        ],
      );
    });
  });
}
