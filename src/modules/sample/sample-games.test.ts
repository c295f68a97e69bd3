import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config/index.ts';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { buildTestApp, testEnv } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/users.ts';
import { subjectFor } from '../auth/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface ListedGame {
  id: string;
  title: string;
  startTime: string;
  slots: number;
  playersJoined: number;
  waitlisted: number;
  visibility: string;
  shareLink: { code: string; shareUrl: string };
}

async function publicGames(app: FastifyInstance): Promise<ListedGame[]> {
  const response = await app.inject({ url: '/api/v1/games?size=1000' });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data.content;
}

/** Everything a sample organiser hosts, private games included. */
async function hostedBy(app: FastifyInstance, username: string, name: string): Promise<ListedGame[]> {
  const user = await createUser(app, { provider: 'national', subject: subjectFor('national', username), name });
  const response = await app.inject({ url: '/api/v1/me/games/hosted?size=1000', headers: user.auth });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data.content;
}

/** The service as `npm start` opens it (embedded database in DATA_DIR, SAMPLE_GAMES on), at the clock's time. */
function openAsNpmStart(dataDir: string, clock: TestClock) {
  return buildApp(loadConfig({ ...testEnv({ dataDir }), AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true', SAMPLE_GAMES: 'true' }), { clock });
}

describe('sample games (npm start)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-sample-games-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const clock = new TestClock(new Date('2026-03-02T01:00:00Z'));

  it('holds a few dozen games over the next two weeks: some full, some with a waitlist, a private one behind its share link', async () => {
    const app = await openAsNpmStart(dataDir, clock);
    try {
      const games = await publicGames(app);
      assert.ok(games.length >= 24, `${games.length} public sample games`);
      for (const game of games) {
        const start = Date.parse(game.startTime) - clock.now().getTime();
        assert.ok(start > 0 && start < 14 * DAY_MS, `${game.title} starts within two weeks`);
      }
      assert.ok(
        games.some((game) => game.playersJoined === game.slots && game.waitlisted === 0),
        'a full game',
      );
      assert.ok(
        games.some((game) => game.waitlisted > 0),
        'a game with a waitlist',
      );
      assert.ok(
        games.some((game) => game.playersJoined < game.slots),
        'a game with places',
      );

      const hosted = await hostedBy(app, 'alice', 'Alice Tan');
      const hidden = hosted.filter((game) => game.visibility === 'PRIVATE');
      assert.ok(hidden.length >= 1, 'alice hosts a private game');
      assert.ok(!games.some((game) => game.id === hidden[0]!.id), 'the private game is not listed');
      const page = await app.inject({ url: `/games/${hidden[0]!.shareLink.code}` });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /invitation only/);
    } finally {
      await app.close();
    }
  });

  it('is recreated idempotently: a restart adds nothing, a later day adds only the days that came into the window', async () => {
    const count = async () => {
      const app = await openAsNpmStart(dataDir, clock);
      try {
        return { listed: (await publicGames(app)).length, alice: (await hostedBy(app, 'alice', 'Alice Tan')).length };
      } finally {
        await app.close();
      }
    };
    const before = await count();
    assert.deepEqual(await count(), before, 'a restart creates nothing new');
    clock.advance(DAY_MS / 1000);
    const later = await count();
    // Alice hosts every day: one day left the window and one came in.
    assert.equal(later.alice, before.alice);
    assert.ok(later.listed >= 24);
  });

  it('is refused under the production profile', () => {
    assert.throws(() => loadConfig({ APP_PROFILE: 'production', JWT_SIGNING_KEYS: '{"keys":[]}', SAMPLE_GAMES: 'true' }), ConfigError);
  });
});

for (const backend of backends.filter((candidate) => candidate.name !== 'embedded')) {
  describe(`sample games (${backend.name})`, () => {
    it('loads the sample venues it needs, then its games', async () => {
      const test = await buildTestApp(backend, { SAMPLE_GAMES: 'true' });
      try {
        assert.ok((await publicGames(test.app)).length >= 24);
      } finally {
        await test.close();
      }
    });
  });
}
