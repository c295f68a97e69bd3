/**
 * The game rules that have a TypeScript copy (for pages and checks before a write) and a SQL copy
 * (what joins and leaves really run, in src/modules/games/sql/) are proven equal here: random cases
 * go through both, and the SQL runs on the database as the migrations make it, on each backend.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { backends } from '../../../../test/helpers/backends.ts';
import { openDatabase, rowsOf, type DatabaseHandle, type Transaction } from '../../../platform/db/index.ts';
import { joinStatement, leaveStatement } from '../participation/games.participation.repository.ts';
import { effectiveStatus, joinPlan, leaveRefused, type GameStatus } from './games.rules.ts';

const HOUR = 3_600_000;
const NOW = new Date('2030-06-01T12:00:00.000Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
const TEXT: [string, string] = ['t', 'm'];

class RolledBack extends Error {}

/** Minutes up to three days, half of them within 90 minutes of one day (both 24-hour rules turn there). */
const aroundADay = fc.oneof(fc.integer({ min: 1, max: 72 * 60 }), fc.integer({ min: 24 * 60 - 90, max: 24 * 60 + 90 }));

/** Runs `work` in a transaction that is always rolled back, so every case starts from the same rows. */
async function inRollback<T>(database: DatabaseHandle, work: (tx: Transaction) => Promise<T>): Promise<T> {
  let answer: T | undefined;
  await database.db
    .transaction(async (tx) => {
      answer = await work(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return answer as T;
}

async function result<T>(tx: Transaction, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<{ result: T | string }>(tx, query);
  return (typeof row!.result === 'string' ? JSON.parse(row!.result) : row!.result) as T;
}

for (const backend of backends) {
  describe(`game rules: the TypeScript and the SQL copies agree (${backend.name})`, () => {
    let fresh: Awaited<ReturnType<typeof backend.freshDatabase>>;
    let database: DatabaseHandle;
    const ids = { organizer: randomUUID(), player: randomUUID(), activity: randomUUID(), level: randomUUID(), venue: randomUUID(), game: randomUUID() };

    before(async () => {
      fresh = await backend.freshDatabase();
      database = await openDatabase({ url: fresh.url, dataDir: '' });
      await database.db.execute(sql`
        INSERT INTO users (id, auth_provider, provider_subject) VALUES (${ids.organizer}, 'test', 'organizer'), (${ids.player}, 'test', 'player')`);
      await database.db.execute(sql`INSERT INTO activities (id, name) VALUES (${ids.activity}, 'Parity')`);
      await database.db.execute(sql`INSERT INTO skill_levels (id, activity_id, name, sort_order) VALUES (${ids.level}, ${ids.activity}, 'Any', 1)`);
      await database.db.execute(sql`INSERT INTO venues (id, name, address, latitude, longitude) VALUES (${ids.venue}, 'Hall', '1 Road', 1.3, 103.8)`);
      await database.db.execute(sql`
        INSERT INTO games (id, activity_id, organizer_id, venue_id, skill_level_from_id, skill_level_to_id, currency, price, slots,
          start_time, end_time, visibility, game_type, max_guests_per_player)
        VALUES (${ids.game}, ${ids.activity}, ${ids.organizer}, ${ids.venue}, ${ids.level}, ${ids.level}, 'SGD', 0, 8,
          ${at(48).toISOString()}, ${at(50).toISOString()}, 'PUBLIC', 'DOUBLE', 3)`);
    });
    after(async () => {
      await database?.close();
      await fresh?.drop();
    });

    it('effective status: game_effective_status answers as effectiveStatus for any status and time', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<GameStatus>('SCHEDULED', 'STARTED', 'COMPLETED', 'CANCELLED'),
          fc.integer({ min: -72, max: 72 }),
          fc.integer({ min: 0, max: 6 }),
          fc.integer({ min: -90, max: 90 }),
          async (status, startHours, lengthHours, nowMinutes) => {
            const game = { status, startTime: at(startHours), endTime: at(startHours + lengthHours) };
            const now = new Date(game.startTime.getTime() + nowMinutes * 60_000);
            const [row] = await rowsOf<{ status: string }>(
              database.db,
              sql`SELECT game_effective_status(${status}, ${game.startTime.toISOString()}::timestamptz, ${game.endTime.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz) AS status`,
            );
            assert.equal(row!.status, effectiveStatus(game, now));
          },
        ),
        { numRuns: 150 },
      );
    });

    it('the leave window: game_leave refuses exactly when leaveRefused does', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<GameStatus>('SCHEDULED', 'CANCELLED'),
          aroundADay.map((minutes) => minutes / 60),
          fc.option(fc.constant(4), { nil: null }),
          fc.option(fc.constant(at(-1)), { nil: null }),
          fc.option(
            aroundADay.map((minutes) => at(-minutes / 60)),
            { nil: null },
          ),
          async (status, startsIn, minPlayers, decidedAt, materiallyChangedAt) => {
            const game = { status, startTime: at(startsIn), minPlayers, decidedAt, materiallyChangedAt };
            const outcome = await inRollback(database, async (tx) => {
              await tx.execute(sql`
                UPDATE games SET status = ${status}, start_time = ${game.startTime.toISOString()}, end_time = ${at(startsIn + 2).toISOString()},
                  min_players = ${minPlayers}, decided_at = ${decidedAt?.toISOString() ?? null}, materially_changed_at = ${materiallyChangedAt?.toISOString() ?? null}
                WHERE id = ${ids.game}`);
              await tx.execute(
                sql`INSERT INTO game_participants (game_id, user_id, status, joined_at) VALUES (${ids.game}, ${ids.player}, 'ACTIVE', ${at(-100).toISOString()})`,
              );
              await tx.execute(sql`UPDATE games SET players_joined = 1 WHERE id = ${ids.game}`);
              const seen = { title: null, startTime: game.startTime.toISOString(), waitlistMode: 'AUTO' };
              const texts = { left: TEXT, promoted: TEXT, offered: TEXT };
              return result<{ outcome: string }>(
                tx,
                leaveStatement({ gameId: ids.game, userId: ids.player, now: NOW, shareCut: NOW, seen, offerUntil: undefined, texts, minute: 0 }),
              );
            });
            assert.equal(outcome.outcome === 'leave_window_closed', leaveRefused(game, NOW), JSON.stringify({ game, outcome }));
            assert.ok(['ok', 'leave_window_closed'].includes(outcome.outcome), outcome.outcome);
          },
        ),
        {
          numRuns: 300,
          // Each turn of the rule, on both sides of it: the window's edge, a change's day of freedom, quorum and cancelled.
          examples: [
            ['SCHEDULED', 23.5, null, null, null],
            ['SCHEDULED', 24 - 1 / 60, null, null, null],
            ['SCHEDULED', 24 + 1 / 60, null, null, null],
            ['SCHEDULED', 10, null, null, at(-23.5)],
            ['SCHEDULED', 10, null, null, at(-24.5)],
            ['SCHEDULED', 10, 4, null, null],
            ['SCHEDULED', 10, 4, at(-1), null],
            ['CANCELLED', 10, null, null, null],
          ],
        },
      );
    });

    it('the party fits: game_join gives a place or the waitlist exactly as joinPlan does', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 2, max: 12 }).chain((slots) =>
            fc.integer({ min: 0, max: slots }).chain((playersJoined) =>
              fc.record({
                slots: fc.constant(slots),
                playersJoined: fc.constant(playersJoined),
                placesOnOffer: fc.integer({ min: 0, max: Math.min(3, slots - playersJoined) }),
                guests: fc.integer({ min: 0, max: 3 }),
              }),
            ),
          ),
          // Places on offer are held for players on the waitlist (so there are as many waiting), within the slots.
          async ({ slots, playersJoined, placesOnOffer, guests }) => {
            const outcome = await inRollback(database, async (tx) => {
              await tx.execute(sql`
                UPDATE games SET status = 'SCHEDULED', start_time = ${at(48).toISOString()}, end_time = ${at(50).toISOString()},
                  slots = ${slots}, players_joined = ${playersJoined}, waitlisted = ${placesOnOffer}, places_on_offer = ${placesOnOffer}
                WHERE id = ${ids.game}`);
              const seen = {
                title: null,
                joinPolicy: 'OPEN',
                offLevelPolicy: 'ALLOW',
                maxRecentNoShows: null,
                activityId: ids.activity,
                skillLevelFromId: ids.level,
                skillLevelToId: ids.level,
                checked: true,
              };
              const texts = { joined: TEXT, waitlisted: TEXT, full: TEXT };
              const args = {
                gameId: ids.game,
                userId: ids.player,
                now: NOW,
                shareCut: NOW,
                guests,
                guestNames: [],
                named: 0,
                refuseIfFull: false,
                seen,
                texts,
                minute: 0,
              };
              return result<{ outcome: string; row?: { status: string } }>(tx, joinStatement(args));
            });
            assert.equal(outcome.outcome, 'ok');
            assert.equal(outcome.row?.status, joinPlan({ slots, playersJoined, placesOnOffer }, 1 + guests).status);
          },
        ),
        { numRuns: 150 },
      );
    });
  });
}
