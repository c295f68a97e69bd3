import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../src/platform/db/index.ts';
import { ActivitiesService } from '../src/modules/activities/index.ts';
import { VenuesService } from '../src/modules/venues/index.ts';
import { UsersService } from '../src/modules/users/index.ts';
import { AuditTrail } from '../src/modules/audit/index.ts';
import { systemClock } from '../src/platform/clock.ts';

/**
 * The benchmark's data set. Reference data (activities with their ladders, venues) goes through
 * the project's own services, so it is exactly what the service would have written; the bulk rows
 * (users, games, participations, share links, bookmarks) are single INSERT … SELECT generate_series
 * statements that follow the schema's rules: counts match the participants rows, no organiser
 * hosts two overlapping games, codes match the share-code pattern, every game has its link.
 * Ids are md5-derived UUIDs, so the same n is the same row in every statement (and uniformly
 * spread over the primary-key index, like random ids).
 */

export interface Shape {
  games: number;
  users: number;
  venues: number;
  /** Users who host; each hosts games/hosts games, spread over the year without overlap. */
  hosts: number;
}

export const MAIN: Shape = { games: 100_000, users: 20_000, venues: 500, hosts: 4_000 };

const LADDERS = [
  { name: 'Badminton', levels: ['Beginner', 'Lower intermediate', 'Intermediate', 'Upper intermediate', 'Advanced', 'Expert', 'Professional'] },
  { name: 'Pickleball', levels: ['2.0', '2.5', '3.0', '3.5', '4.0+'] },
  { name: 'Tennis', levels: ['Starter', 'Club', 'Competitive'] },
];

const userId = (n: SQL) => sql`md5('bench-user-' || ${n})::uuid`;
const gameId = (n: SQL) => sql`md5('bench-game-' || ${n})::uuid`;

/** The id of user n (1-based), as the bulk statements make it. */
export async function userIdOf(db: Database, n: number): Promise<string> {
  const [row] = await rows<{ id: string }>(db, sql`SELECT ${userId(sql`${n}::int`)}::text AS id`);
  return row!.id;
}

/** The ids of users 1…count, in that order (one statement). */
export async function userIdsOf(db: Database, count: number): Promise<string[]> {
  const found = await rows<{ id: string }>(db, sql`SELECT ${userId(sql`n`)}::text AS id FROM generate_series(1, ${count}::int) AS n ORDER BY n`);
  return found.map((row) => row.id);
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Activities, ladders and venues through the services (the venue import is the admin's CSV/JSON upload). */
export async function seedReferences(db: Database, shape: Shape): Promise<void> {
  const activities = new ActivitiesService(db, new AuditTrail(systemClock));
  const venues = new VenuesService(db, activities, new AuditTrail(systemClock));
  const ids: string[] = [];
  for (const ladder of LADDERS) {
    const created = await activities.create({ name: ladder.name, skillLevels: ladder.levels.map((name, i) => ({ name, sortOrder: i + 1 })) });
    ids.push(created.activity.id);
  }
  const file = Array.from({ length: shape.venues }, (_, i) => ({
    sourceId: `bench-${i + 1}`,
    name: `Sports Hall ${i + 1}`,
    address: `${i + 1} Stadium Road, Singapore`,
    postalCode: String(100000 + i * 97).slice(0, 6),
    latitude: 1.25 + ((i * 37) % 200) / 1000,
    longitude: 103.65 + ((i * 53) % 350) / 1000,
    // Every hall has badminton courts; most also pickleball; some tennis.
    activityIds: ids.filter((_, k) => k === 0 || (k === 1 && i % 4 !== 0) || (k === 2 && i % 3 === 0)),
  }));
  await venues.importFile(Buffer.from(JSON.stringify(file)));
  // A couple of accounts through the service as any sign-in makes them; the bulk follows in SQL.
  await new UsersService(db, new AuditTrail(systemClock)).provision({ authProvider: 'social', subject: 'bench-admin', name: 'Bench Admin' });
}

export async function seedUsers(db: Database, shape: Shape): Promise<void> {
  const n = sql`n`;
  await db.execute(sql`INSERT INTO users (id, auth_provider, provider_subject, name, email, created_at, updated_at)
    SELECT ${userId(n)}, CASE WHEN n % 3 = 0 THEN 'national' ELSE 'social' END, 'bench-' || n, 'Player ' || n,
      'player' || n || '@example.com', now() - make_interval(days => 400 - n % 365), now() - make_interval(days => n % 30)
    FROM generate_series(1, ${shape.users}::int) AS n`);
  await db.execute(sql`INSERT INTO profiles (user_id, contact_methods, onboarded_at, created_at, updated_at)
    SELECT ${userId(n)}, jsonb_build_array(jsonb_build_object('name', 'whatsapp', 'value', '+65 9' || lpad((n % 10000000)::text, 7, '0'))),
      now() - make_interval(days => 300 - n % 300), now() - make_interval(days => 300 - n % 300), now()
    FROM generate_series(1, ${shape.users}::int) AS n`);
}

/**
 * Games 1…n: over the year from 90 days ago, host o = n mod hosts plays its j-th game
 * in the j-th slot of the year (slots longer than a game, so no overlap); 10 % PRIVATE, 1 in 29
 * cancelled, past ones COMPLETED as the status job leaves them; n mod 5 players each (200,000 for
 * 100,000 games), all ACTIVE as slots are at least 4.
 */
export async function seedGames(db: Database, shape: Shape, options: { players?: boolean } = {}): Promise<void> {
  const players = options.players ?? true;
  const perHost = Math.ceil(shape.games / shape.hosts);
  const slotHours = Math.floor((364 * 24) / perHost);
  // One statement each, no temporary tables: the pool may run consecutive statements on different connections.
  const venueCount = (await rows<{ c: number }>(db, sql`SELECT count(DISTINCT venue_id)::int AS c FROM venue_activities`))[0]!.c;
  const n = sql`g.n`;
  // Host o's j-th game starts in the j-th slot; within it, far enough from the end for two hours.
  const startTime = sql`(date_trunc('day', now()) - interval '90 days'
    + make_interval(hours => ((g.n - 1) / ${shape.hosts}::int) * ${slotHours}::int + (g.n * 7) % (${slotHours}::int - 3))
    + make_interval(mins => 30 * (g.n % 2)))`;
  await db.execute(sql`INSERT INTO games (id, activity_id, organizer_id, venue_id, skill_level_from_id, skill_level_to_id, title, description,
      currency, price, slots, players_joined, waitlisted, start_time, end_time, visibility, game_type, status, created_at, updated_at)
    WITH ladders AS (SELECT a.id AS activity_id, a.name AS k_name,
        (SELECT array_agg(l.id ORDER BY l.sort_order) FROM skill_levels l WHERE l.activity_id = a.id) AS levels
      FROM activities a WHERE a.deleted_at IS NULL),
    halls AS (SELECT (row_number() OVER (ORDER BY v.source_id) - 1)::int AS k, v.id AS venue_id,
        array_agg(va.activity_id ORDER BY va.activity_id) AS activities
      FROM venues v JOIN venue_activities va ON va.venue_id = v.id GROUP BY v.id, v.source_id)
    SELECT ${gameId(n)}, l.activity_id, ${userId(sql`(1 + (g.n - 1) % ${shape.hosts}::int)`)}, v.venue_id,
      l.levels[1 + g.n % (cardinality(l.levels) - 1)], l.levels[cardinality(l.levels) - (g.n / 7) % 2],
      l.k_name || ' at ' || v.k_label, 'Friendly doubles, all welcome. Shuttlecocks provided; bring water and indoor shoes.',
      'SGD', ((g.n % 20) * 0.5 + 4)::numeric(10, 2), 4 + g.n % 9, ${players ? sql`g.n % 5` : sql`0`}, 0,
      t.start_time, t.start_time + make_interval(hours => 1 + g.n % 2),
      CASE WHEN g.n % 10 = 0 THEN 'PRIVATE' ELSE 'PUBLIC' END, CASE WHEN g.n % 10 < 3 THEN 'SINGLE' ELSE 'DOUBLE' END,
      CASE WHEN g.n % 29 = 0 THEN 'CANCELLED' WHEN t.start_time + make_interval(hours => 1 + g.n % 2) <= now() THEN 'COMPLETED'
        WHEN t.start_time <= now() THEN 'STARTED' ELSE 'SCHEDULED' END,
      least(now(), t.start_time) - interval '14 days', least(now(), t.start_time) - interval '2 days'
    FROM generate_series(1, ${shape.games}::int) AS g(n)
    CROSS JOIN LATERAL (SELECT ${startTime} AS start_time) t
    JOIN (SELECT venue_id, activities, 'Sports Hall ' || (k + 1) AS k_label, k FROM halls) v ON v.k = g.n % ${venueCount}::int
    JOIN ladders l ON l.activity_id = v.activities[1 + (g.n / ${venueCount}::int) % cardinality(v.activities)]`);
  // n mod 5 players of game n; user indexes 7919 apart, so distinct within a game.
  if (players) {
    await db.execute(sql`INSERT INTO game_participants (game_id, user_id, status, joined_at)
    SELECT ${gameId(n)}, ${userId(sql`(1 + (g.n * 31 + k * 7919) % ${shape.users}::int)`)}, 'ACTIVE',
      least(now(), ${startTime}) - interval '14 days' + make_interval(hours => k)
    FROM generate_series(1, ${shape.games}::int) AS g(n) CROSS JOIN generate_series(1, 4) AS k
    WHERE k <= g.n % 5`);
  }
  // Every game gets its link at creation; 'g' + 7 digits is a valid, unique code.
  await db.execute(sql`INSERT INTO share_links (code, resource_type, resource_id, click_count, created_at)
    SELECT 'g' || lpad(g.n::text, 7, '0'), 'GAME', ${gameId(n)}, g.n % 13, now() - interval '7 days'
    FROM generate_series(1, ${shape.games}::int) AS g(n)`);
  if (!players) return;
  await db.execute(sql`INSERT INTO game_bookmarks (user_id, game_id, created_at)
    SELECT ${userId(sql`(1 + (g.n * 17) % ${shape.users}::int)`)}, ${gameId(n)}, now() - make_interval(mins => g.n % 5000)
    FROM generate_series(1, ${shape.games}::int) AS g(n) WHERE g.n % 4 = 0
    ON CONFLICT DO NOTHING`);
}

/** Empties the bulk game tables (the growth check reseeds them at another size). */
export async function clearGames(db: Database): Promise<void> {
  await db.execute(sql`TRUNCATE games, game_participants, game_share_access, share_links, game_bookmarks CASCADE`);
}

export async function seedAll(db: Database, shape: Shape, options: { players?: boolean } = {}): Promise<void> {
  await seedReferences(db, shape);
  await seedUsers(db, shape);
  await seedGames(db, shape, options);
}

/** Public, SCHEDULED games more than two days ahead with room: one per connection for join/leave. */
export async function joinableGames(db: Database, count: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM games
    WHERE visibility = 'PUBLIC' AND status = 'SCHEDULED' AND start_time > now() + interval '3 days' AND players_joined < slots
    ORDER BY id LIMIT ${count}`,
  );
  return found.map((row) => row.id);
}

/** The activities' ids (the listing's activity filter). */
export async function activityIds(db: Database): Promise<string[]> {
  return (await rows<{ id: string }>(db, sql`SELECT id::text AS id FROM activities WHERE deleted_at IS NULL ORDER BY name`)).map((row) => row.id);
}

/** Some public game ids for the by-id scenario. */
export async function publicGameIds(db: Database, count: number): Promise<string[]> {
  const found = await rows<{ id: string }>(db, sql`SELECT id FROM games WHERE visibility = 'PUBLIC' AND status <> 'CANCELLED' ORDER BY id LIMIT ${count}`);
  return found.map((row) => row.id);
}

/**
 * (user, game) pairs for join + leave: every game public, SCHEDULED, three days or more ahead (the
 * 24-hour leave window is far) and with room; every user a non-host not already in that game.
 */
export async function joinPairs(db: Database, count: number): Promise<Array<{ userId: string; gameId: string }>> {
  const found = await rows<{ user_id: string; game_id: string }>(
    db,
    sql`WITH
    g AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM games
      WHERE visibility = 'PUBLIC' AND status = 'SCHEDULED' AND start_time > now() + interval '3 days' AND players_joined < slots
      ORDER BY id LIMIT ${count + 100}),
    u AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM users
      WHERE deleted_at IS NULL AND id NOT IN (SELECT organizer_id FROM games) ORDER BY id LIMIT ${count + 100})
    SELECT u.id AS user_id, g.id AS game_id FROM g JOIN u USING (k)
    WHERE NOT EXISTS (SELECT 1 FROM game_participants p WHERE p.game_id = g.id AND p.user_id = u.id)
    ORDER BY k LIMIT ${count}`,
  );
  if (found.length < count) throw new Error(`only ${found.length} join/leave pairs; ${count} needed`);
  return found.map((row) => ({ userId: row.user_id, gameId: row.game_id }));
}

/** Games whose ACTIVE players outnumber their slots, or whose counters disagree with the rows: must be none. */
export async function slotViolations(db: Database): Promise<number> {
  const [row] = await rows<{ c: number }>(
    db,
    sql`SELECT count(*)::int AS c FROM games g
    LEFT JOIN (SELECT game_id, count(*) FILTER (WHERE status = 'ACTIVE') AS active, count(*) FILTER (WHERE status = 'WAITLISTED') AS waiting
      FROM game_participants GROUP BY game_id) p ON p.game_id = g.id
    WHERE coalesce(p.active, 0) > g.slots OR coalesce(p.active, 0) <> g.players_joined OR coalesce(p.waiting, 0) <> g.waitlisted`,
  );
  return row!.c;
}

export async function analyze(db: Database): Promise<void> {
  await db.execute(sql`ANALYZE`);
}
