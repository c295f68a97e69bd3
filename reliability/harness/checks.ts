import assert from 'node:assert/strict';
import type { Ledger } from './load.ts';
import type { PostgresCluster } from './postgres.ts';

export interface DataChecks {
  /** (user, game) pairs whose last acknowledged answer was a join (201 or 409 already_joined) */
  joinedPairs: number;
  /** of those, missing from game_participants: lost joins */
  missingJoins: number;
  /** pairs whose last acknowledged answer was a leave (or none), found in the table anyway */
  ghostParticipants: number;
  /** pairs left undecided by a lost answer (not checked) */
  unsettledPairs: number;
  /** games with more ACTIVE participants than slots */
  slotViolations: number;
  /** games whose players_joined / waitlisted counters disagree with the participant rows */
  counterMismatches: number;
  /** games with a free slot and someone still waitlisted (a promotion that never happened) */
  stuckWaitlists: number;
  /** contradictions seen while running (e.g. a leave answered not_participant after a 201 join) */
  contradictions: number;
  details: string[];
}

/** Compares what the client was told with what PostgreSQL holds. */
export async function checkData(pg: PostgresCluster, database: string, ledger: Ledger): Promise<DataChecks> {
  return pg.admin(async (client) => {
    const rows = await client.query<{ game_id: string; user_id: string }>('SELECT game_id, user_id FROM game_participants');
    const present = new Set(rows.rows.map((r) => `${r.user_id}:${r.game_id}`));
    const result: DataChecks = {
      joinedPairs: 0,
      missingJoins: 0,
      ghostParticipants: 0,
      unsettledPairs: 0,
      slotViolations: 0,
      counterMismatches: 0,
      stuckWaitlists: 0,
      contradictions: ledger.contradictions.length,
      details: ledger.contradictions.slice(0, 10),
    };
    for (const [key, pair] of ledger.participation) {
      if (pair.state === 'unknown') {
        result.unsettledPairs++;
      } else if (pair.state === 'in') {
        result.joinedPairs++;
        if (!present.has(key)) {
          result.missingJoins++;
          result.details.push(`acknowledged join missing: user ${pair.userId}, game ${pair.gameId}`);
        }
      } else if (present.has(key)) {
        result.ghostParticipants++;
        result.details.push(`participant present after an acknowledged leave: user ${pair.userId}, game ${pair.gameId}`);
      }
    }
    const games = await client.query<{ id: string; slots: number; players_joined: number; waitlisted: number; active: number; waiting: number }>(`
      SELECT g.id, g.slots, g.players_joined, g.waitlisted,
             count(p.user_id) FILTER (WHERE p.status = 'ACTIVE')::int AS active,
             count(p.user_id) FILTER (WHERE p.status = 'WAITLISTED')::int AS waiting
        FROM games g LEFT JOIN game_participants p ON p.game_id = g.id
       GROUP BY g.id`);
    for (const game of games.rows) {
      if (game.active > game.slots) {
        result.slotViolations++;
        result.details.push(`game ${game.id}: ${game.active} active players for ${game.slots} slots`);
      }
      if (game.active !== game.players_joined || game.waiting !== game.waitlisted) {
        result.counterMismatches++;
        result.details.push(`game ${game.id}: counters ${game.players_joined}/${game.waitlisted}, rows ${game.active}/${game.waiting}`);
      }
      if (game.active < game.slots && game.waiting > 0) {
        result.stuckWaitlists++;
        result.details.push(`game ${game.id}: ${game.waiting} waitlisted with ${game.slots - game.active} free slots`);
      }
    }
    return result;
  }, database);
}

/** The checks every faults-under-load run ends with: nothing acknowledged lost, nothing over-filled, no token twice. */
export function assertNothingLost(
  run: { failures: unknown[]; verdicts: Array<{ name: string; recovered: boolean; recoveryMs: number }> },
  data: DataChecks,
  ledger: Ledger,
  tokens: { reusable: number; errors: number; samples?: string[] },
): void {
  assert.equal(run.failures.length, 0, `answers outside the tolerated failures: ${JSON.stringify(run.failures.slice(0, 20))}`);
  for (const verdict of run.verdicts) assert.ok(verdict.recovered, `${verdict.name}: recovery took ${verdict.recoveryMs} ms`);
  assert.equal(data.missingJoins, 0, 'acknowledged joins missing');
  assert.equal(data.ghostParticipants, 0, 'participants present after acknowledged leaves');
  assert.equal(data.slotViolations, 0, 'games over their slots');
  assert.equal(data.counterMismatches, 0, 'counters disagree with participant rows');
  assert.equal(data.stuckWaitlists, 0, 'waitlisted players with free slots');
  assert.equal(data.contradictions, 0, `contradicting answers: ${ledger.contradictions.slice(0, 5).join('; ')}`);
  assert.equal(ledger.doubleSpends, 0, 'a refresh token rotated twice');
  assert.equal(tokens.reusable, 0, 'used refresh tokens accepted again');
  assert.equal(tokens.errors, 0, `used refresh tokens answered other than 401 invalid_refresh_token: ${(tokens.samples ?? []).join('; ')}`);
  assert.ok(ledger.joins201 > 0 && ledger.refreshes200 > 0, 'the load did joins and refreshes');
}
