import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PgDialect } from 'drizzle-orm/pg-core';
import { realBackend } from '../../../test/helpers/backends.ts';
import { createGame, gameBody } from '../../../test/helpers/games.ts';
import { appSuiteWithClient } from '../../../test/helpers/pg-client.ts';
import { createUser } from '../../../test/helpers/users.ts';
import { GamePagesRepository } from './listing/games.pages.repository.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

// Row locks under real concurrency and the planner's choices are properties of PostgreSQL itself.
describe('games on PostgreSQL', { skip: realBackend ? false : 'needs TEST_DATABASE_URL and TEST_REDIS_URL' }, () => {
  const t = appSuiteWithClient(realBackend!, { env: { RATE_LIMIT_PUBLIC_ANON: '100000' }, sport: 'Badminton', host: 'Host' });

  it('50 players joining a 10-slot game at once: 10 ACTIVE, 40 WAITLISTED; a leaver is replaced by the first waitlisted', async () => {
    const game = await createGame(t.app, t.host, gameBody(t.sport, new Date(), 72, { slots: 10 }));
    const players = await Promise.all(Array.from({ length: 50 }, () => createUser(t.app)));
    const joins = await Promise.all(players.map((p) => t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: p.auth })));
    assert.deepEqual(
      joins.map((r) => r.statusCode),
      Array(50).fill(201),
    );
    const statuses = joins.map((r) => r.json().data.status as string);
    assert.equal(statuses.filter((s) => s === 'ACTIVE').length, 10);
    assert.equal(statuses.filter((s) => s === 'WAITLISTED').length, 40);
    // Joining again, also at once, adds nobody.
    const again = await Promise.all(
      players.slice(0, 5).map((p) => t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: p.auth })),
    );
    assert.deepEqual(
      again.map((r) => r.statusCode),
      Array(5).fill(409),
    );

    const list = (await t.app.inject({ url: `/api/v1/games/${game.id}/participants`, headers: t.host.auth })).json().data as Array<{
      userId: string;
      status: string;
    }>;
    assert.equal(list.length, 50);
    const leaver = players.find((p) => p.id === list.find((e) => e.status === 'ACTIVE')!.userId)!;
    const firstWaiting = list.find((e) => e.status === 'WAITLISTED')!.userId;
    assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${game.id}/participants/me`, headers: leaver.auth })).statusCode, 204);
    const after = (await t.app.inject({ url: `/api/v1/games/${game.id}/participants`, headers: t.host.auth })).json().data as Array<{
      userId: string;
      status: string;
    }>;
    assert.equal(after.find((e) => e.userId === firstWaiting)!.status, 'ACTIVE');
    assert.equal(after.filter((e) => e.status === 'ACTIVE').length, 10);
    const shown = (await t.app.inject({ url: `/api/v1/games/${game.id}` })).json().data;
    assert.deepEqual([shown.playersJoined, shown.waitlisted], [10, 39]);
  });

  it('the listing query uses an index at 100,000 games, at any depth, for anonymous and signed-in callers', async () => {
    const game = await createGame(t.app, t.host, gameBody(t.sport, new Date(), 24 * 400));
    await t.client.query(
      `INSERT INTO games (activity_id, organizer_id, venue_id, skill_level_from_id, skill_level_to_id, currency, price, slots,
        start_time, end_time, visibility, game_type, status)
      SELECT g.activity_id, gen_random_uuid(), g.venue_id, g.skill_level_from_id, g.skill_level_to_id, 'SGD', 5, 8,
        now() + (i || ' minutes')::interval, now() + (i || ' minutes')::interval + interval '1 hour',
        CASE WHEN i % 20 = 0 THEN 'PRIVATE' ELSE 'PUBLIC' END, CASE WHEN i % 2 = 0 THEN 'SINGLE' ELSE 'DOUBLE' END,
        CASE WHEN i % 50 = 0 THEN 'CANCELLED' ELSE 'SCHEDULED' END
      FROM generate_series(1, 100000) AS i, (SELECT * FROM games WHERE id = $1) AS g`,
      [game.id],
    );
    await t.client.query('ANALYZE');
    const [{ start_time: deep, id: deepId }] = (
      await t.client.query(`SELECT to_char(start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS start_time, id
      FROM games WHERE visibility = 'PUBLIC' ORDER BY start_time, id OFFSET 80000 LIMIT 1`)
    ).rows;
    const repository = new GamePagesRepository(undefined as never);
    const dialect = new PgDialect();
    const base = { timeZone: 'Asia/Singapore', startsFrom: new Date(), now: new Date() };
    const cases = [
      { filter: base, viewer: null, position: undefined },
      { filter: base, viewer: null, position: { startTime: deep, id: deepId } },
      { filter: { ...base, gameType: 'SINGLE' as const }, viewer: t.host.id, position: { startTime: deep, id: deepId } },
      { filter: { ...base, fromTime: '08:00', toTime: '20:00' }, viewer: t.host.id, position: undefined },
    ];
    for (const { filter, viewer, position } of cases) {
      const query = dialect.sqlToQuery(repository.listingQuery(filter, viewer, position, 21));
      const { rows } = await t.client.query(`EXPLAIN (FORMAT JSON) ${query.sql}`, query.params);
      const plan = nodes(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
      const onGames = plan.filter((n) => n['Relation Name'] === 'games');
      assert.ok(onGames.length > 0);
      assert.deepEqual(
        onGames.filter((n) => n['Node Type'] === 'Seq Scan'),
        [],
        JSON.stringify(rows[0]['QUERY PLAN']),
      );
      assert.ok(
        onGames.some((n) => n['Index Name'] === 'games_public_start_idx'),
        JSON.stringify(plan.map((n) => [n['Node Type'], n['Index Name']])),
      );
    }
  });
});
