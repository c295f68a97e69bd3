import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { gameDayKit, MINUTES, sideIds, type BoardMatch } from '../../../test/helpers/game-day.ts';
import type { Game } from '../../../test/helpers/games.ts';
import type { TestUser } from '../../../test/helpers/users.ts';

/** Everyone who sees the board, by the part they play in the match: the same parts in every game set up alike. */
const ROLES = ['host', 'enterer', 'enterersPartner', 'opponent', 'opponentsPartner', 'benched'] as const;
type Role = (typeof ROLES)[number];

for (const backend of backends) {
  describe(`game day: the board tells each viewer whether they may answer a score (${backend.name})`, () => {
    const kit = gameDayKit(backend, '2035-02-01T08:00:00Z');

    /** One court of doubles, five checked in, the first round played; the score entered by a player of side A or by the host. */
    async function entered(by: 'player' | 'host') {
      const { game, players } = await kit.gameWithPlayers(5);
      assert.equal((await kit.open(game)).statusCode, 201);
      await kit.checkIn(game, players);
      const [match] = await kit.playRound(game);
      kit.at(game, 15 * MINUTES);
      const person = (id: string) => players.find((p) => p.id === id)!;
      const [a0, a1] = sideIds(match!.sideA).map(person) as [TestUser, TestUser];
      const [b0, b1] = sideIds(match!.sideB).map(person) as [TestUser, TestUser];
      const benched = players.find((p) => ![a0, a1, b0, b1].includes(p))!;
      const who: Record<Role, TestUser> = { host: kit.host, enterer: a0, enterersPartner: a1, opponent: b0, opponentsPartner: b1, benched };
      const score = await kit.score(game, match!.id, by === 'host' ? kit.host : a0, 21, 17);
      assert.equal(score.statusCode, 200, score.body);
      return { game, match: match!, who };
    }

    const flagOf = async (game: Game, match: BoardMatch, viewer: TestUser): Promise<boolean> => {
      const result = (await kit.board(game, viewer)).results.find((m: BoardMatch) => m.id === match.id);
      return result.viewer.mayAnswer;
    };
    const confirm = (game: Game, match: BoardMatch, viewer: TestUser) =>
      kit.req('POST', `/api/v1/games/${game.id}/game-day/matches/${match.id}/confirm`, viewer);

    /**
     * The flag each role reads on the board, then the service's own verdict: every role told no is
     * refused; every role told yes, each in a game set up the same way (an answer is given once), is accepted.
     */
    async function flagsMatchTheService(by: 'player' | 'host', expected: Role[]) {
      const { game, match, who } = await entered(by);
      const told: Role[] = [];
      for (const role of ROLES) if (await flagOf(game, match, who[role])) told.push(role);
      assert.deepEqual(told, expected);
      for (const role of ROLES.filter((r) => !told.includes(r))) {
        const refused = await confirm(game, match, who[role]);
        assert.equal(refused.statusCode, 409, `${role}: ${refused.body}`);
      }
      for (const role of told) {
        const again = await entered(by);
        assert.equal(await flagOf(again.game, again.match, again.who[role]), true);
        const accepted = await confirm(again.game, again.match, again.who[role]);
        assert.equal(accepted.statusCode, 200, `${role}: ${accepted.body}`);
        assert.equal(accepted.json().data.viewer.mayAnswer, false, 'answered: nothing left to answer');
        for (const other of ROLES) assert.equal(await flagOf(again.game, again.match, again.who[other]), false, `${other} after the answer`);
      }
    }

    it('a score a player entered: only the other side may answer it', async () => {
      await flagsMatchTheService('player', ['opponent', 'opponentsPartner']);
    });

    it('a score the host entered off the court: either side may answer it, the host and the benched may not', async () => {
      await flagsMatchTheService('host', ['enterer', 'enterersPartner', 'opponent', 'opponentsPartner']);
    });

    it('a match being played, or a proposal, has nothing to answer', async () => {
      const { game, players } = await kit.gameWithPlayers(4);
      assert.equal((await kit.open(game)).statusCode, 201);
      await kit.checkIn(game, players);
      const proposal = await kit.ok('POST', `/api/v1/games/${game.id}/game-day/rounds`, kit.host);
      assert.deepEqual(
        proposal.matches.map((m: { viewer: unknown }) => m.viewer),
        [{ mayAnswer: false }],
      );
      await kit.start(game, proposal.roundId);
      for (const viewer of [kit.host, ...players]) assert.equal((await kit.board(game, viewer)).courts[0].match.viewer.mayAnswer, false);
    });
  });
}
