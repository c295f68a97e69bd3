import { and, eq, sql, type SQL } from 'drizzle-orm';
import { arrayParam, Repository, rowsOf } from '../../../platform/db/index.ts';
import type { NotificationText } from '../games.ports.ts';
import { gameParticipants, games } from '../games.table.ts';

export type ParticipantRow = typeof gameParticipants.$inferSelect;

/** A party moved by the waitlist: the player and how many places they take (1 + guests). */
export interface MovedParty {
  userId: string;
  size: number;
}

/** How the game's place counters move (each in places, guests included). */
export interface CountsDelta {
  active?: number;
  waitlisted?: number;
  offered?: number;
}

/** What the join statement compares with the locked row (and whether the policy checks ran before it). */
export interface SeenGame {
  title: string | null;
  joinPolicy: string;
  offLevelPolicy: string;
  maxRecentNoShows: number | null;
  activityId: string;
  skillLevelFromId: string;
  skillLevelToId: string;
  checked: boolean;
}

export interface JoinStatementArgs {
  gameId: string;
  userId: string;
  now: Date;
  /** Share access counts for games that ended after this. */
  shareCut: Date;
  guests: number;
  guestNames: string[];
  /** How many guest names were given (more than guests is refused). */
  named: number;
  refuseIfFull: boolean;
  seen: SeenGame;
  texts: Record<'joined' | 'waitlisted' | 'full', NotificationText>;
  minute: number;
  /** NOTIFICATION_COALESCE_MINUTES in seconds: a text's key coalesces repeats within it (none given: never). */
  windowSeconds?: number;
}

export type JoinOutcome =
  | { outcome: 'ok'; row: ParticipantRow }
  | { outcome: 'not_found' | 'stale' | 'already_joined' }
  | { outcome: 'not_joinable'; status: string }
  | { outcome: 'invalid'; maxGuestsPerPlayer: number }
  | { outcome: 'party_does_not_fit'; free: number };

/** As the statement answers it: the row as to_jsonb gives it. */
type RawJoinOutcome = Exclude<JoinOutcome, { outcome: 'ok' }> | { outcome: 'ok'; row: Record<string, unknown> };

export interface LeaveStatementArgs {
  gameId: string;
  userId: string;
  now: Date;
  shareCut: Date;
  seen: { title: string | null; startTime: string; waitlistMode: string };
  /** When an offer made now runs out (worked out from the start time seen); undefined: none. */
  offerUntil: Date | undefined;
  texts: Record<'left' | 'promoted' | 'offered', NotificationText>;
  minute: number;
  windowSeconds?: number;
}

export type LeaveOutcome = { outcome: 'ok' | 'not_found' | 'stale' | 'organizer' | 'not_participant' | 'leave_window_closed' };

/** The join as the service sends it (the benchmark runs the same text); `seen` may come as JSON text. */
export function joinStatement(args: Omit<JoinStatementArgs, 'seen'> & { seen: SeenGame | string }): SQL {
  const seen = typeof args.seen === 'string' ? args.seen : JSON.stringify(args.seen);
  return sql`SELECT game_join(${args.gameId}::uuid, ${args.userId}::uuid, ${args.now.toISOString()}::timestamptz, ${args.shareCut.toISOString()}::timestamptz,
    ${args.guests}::int, ${arrayParam(args.guestNames, 'text')}, ${args.named}::int, ${args.refuseIfFull}::boolean,
    ${seen}::jsonb, ${JSON.stringify(args.texts)}::jsonb, ${args.minute}::int, ${args.windowSeconds ?? 0}::int) AS result`;
}

/** The leave as the service sends it (the benchmark runs the same text); `seen` may come as JSON text. */
export function leaveStatement(args: Omit<LeaveStatementArgs, 'seen'> & { seen: LeaveStatementArgs['seen'] | string }): SQL {
  const seen = typeof args.seen === 'string' ? args.seen : JSON.stringify(args.seen);
  return sql`SELECT game_leave(${args.gameId}::uuid, ${args.userId}::uuid, ${args.now.toISOString()}::timestamptz, ${args.shareCut.toISOString()}::timestamptz,
    ${seen}::jsonb, ${args.offerUntil ? sql`${args.offerUntil.toISOString()}::timestamptz` : sql`NULL::timestamptz`}, ${JSON.stringify(args.texts)}::jsonb, ${args.minute}::int, ${args.windowSeconds ?? 0}::int) AS result`;
}

/** node-postgres parses jsonb; PGlite may hand it over as text. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** A participants row as the join statement answers it (to_jsonb: snake_case, timestamps as text). */
function participantFromJson(row: Record<string, unknown>): ParticipantRow {
  const offer = row.offer_expires_at as string | null;
  return {
    gameId: row.game_id as string,
    userId: row.user_id as string,
    status: row.status as ParticipantRow['status'],
    joinedAt: new Date(row.joined_at as string),
    seq: Number(row.seq),
    guests: Number(row.guests),
    guestNames: row.guest_names as string[],
    offerExpiresAt: offer === null ? null : new Date(offer),
  };
}

/** The participants rows and the counters over them; every caller holds the game's row lock. */
export class ParticipationRepository extends Repository {
  participant(gameId: string, userId: string): Promise<ParticipantRow | undefined> {
    return this.first(gameParticipants, and(eq(gameParticipants.gameId, gameId), eq(gameParticipants.userId, userId)));
  }

  /**
   * `joinedAt` is the caller's clock, moved after the game's latest joinedAt under its row lock
   * (game_joined_at, sql/game_joined_at.sql): joinedAt rises in the order the waitlist is served.
   */
  async add(values: {
    gameId: string;
    userId: string;
    status: 'ACTIVE' | 'WAITLISTED';
    joinedAt: Date;
    guests?: number;
    guestNames?: string[];
  }): Promise<ParticipantRow> {
    const joinedAt = sql`game_joined_at(${values.gameId}::uuid, ${values.joinedAt.toISOString()}::timestamptz)`;
    const [row] = await this.db
      .insert(gameParticipants)
      .values({ ...values, joinedAt })
      .returning();
    return row!;
  }

  async remove(gameId: string, userId: string): Promise<ParticipantRow | undefined> {
    const [row] = await this.db
      .delete(gameParticipants)
      .where(and(eq(gameParticipants.gameId, gameId), eq(gameParticipants.userId, userId)))
      .returning();
    return row;
  }

  async setGuests(gameId: string, userId: string, guests: number, guestNames: string[]): Promise<ParticipantRow | undefined> {
    const [row] = await this.db
      .update(gameParticipants)
      .set({ guests, guestNames })
      .where(and(eq(gameParticipants.gameId, gameId), eq(gameParticipants.userId, userId)))
      .returning();
    return row;
  }

  async adjustCounts(gameId: string, delta: CountsDelta): Promise<void> {
    await this.db
      .update(games)
      .set({
        playersJoined: sql`${games.playersJoined} + ${delta.active ?? 0}`,
        waitlisted: sql`${games.waitlisted} + ${delta.waitlisted ?? 0}`,
        placesOnOffer: sql`${games.placesOnOffer} + ${delta.offered ?? 0}`,
      })
      .where(eq(games.id, gameId));
  }

  /**
   * The waiting parties (without an offer) that fit the game's free places, in joining order: a
   * party that does not fit is skipped for the next one that does (Meetup's rule), never split.
   * One statement: promoted (`offerUntil` undefined) or given an offer until `offerUntil`.
   */
  async fillFromWaitlist(gameId: string, offerUntil: Date | undefined): Promise<MovedParty[]> {
    const moved = await rowsOf<{ user_id: string; size: number }>(
      this.db,
      sql`SELECT user_id, size FROM game_fill_waitlist(${gameId}::uuid, ${offerUntil?.toISOString() ?? null}::timestamptz)`,
    );
    return moved.map((row) => ({ userId: row.user_id, size: Number(row.size) }));
  }

  /** `game_join` (sql/game_join.sql): the whole join under the game's row lock, one round trip; see JoinOutcome. */
  async join(args: JoinStatementArgs): Promise<JoinOutcome> {
    const [found] = await rowsOf<{ result: RawJoinOutcome | string }>(this.db, joinStatement(args));
    const result = parsed<RawJoinOutcome>(found!.result);
    return result.outcome === 'ok' ? { outcome: 'ok', row: participantFromJson(result.row) } : result;
  }

  /** `game_leave` (sql/game_leave.sql): the whole leave with the waitlist's moves under the game's row lock, one round trip. */
  async leave(args: LeaveStatementArgs): Promise<LeaveOutcome> {
    const [found] = await rowsOf<{ result: LeaveOutcome | string }>(this.db, leaveStatement(args));
    return parsed<LeaveOutcome>(found!.result);
  }

  /** The offered party takes its held places, if its offer still runs at `now`. */
  async acceptOffer(gameId: string, userId: string, now: Date): Promise<ParticipantRow | undefined> {
    const [row] = await this.db
      .update(gameParticipants)
      .set({ status: 'ACTIVE', offerExpiresAt: null })
      .where(
        and(
          eq(gameParticipants.gameId, gameId),
          eq(gameParticipants.userId, userId),
          sql`${gameParticipants.offerExpiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    return row;
  }

  /** Every running offer becomes a place (the game left OFFER mode): the places were held for them. */
  async acceptAllOffers(gameId: string): Promise<MovedParty[]> {
    const moved = await this.db
      .update(gameParticipants)
      .set({ status: 'ACTIVE', offerExpiresAt: null })
      .where(and(eq(gameParticipants.gameId, gameId), sql`${gameParticipants.offerExpiresAt} IS NOT NULL`))
      .returning();
    return moved.map((row) => ({ userId: row.userId, size: 1 + row.guests }));
  }

  /** Removes the parties whose offer ran out by `now`: under the row lock, each goes exactly once. */
  async dropExpiredOffers(gameId: string, now: Date): Promise<MovedParty[]> {
    const dropped = await this.db
      .delete(gameParticipants)
      .where(and(eq(gameParticipants.gameId, gameId), sql`${gameParticipants.offerExpiresAt} <= ${now.toISOString()}::timestamptz`))
      .returning();
    return dropped.map((row) => ({ userId: row.userId, size: 1 + row.guests }));
  }

  /** Games with an offer run out by `now` (the offer job's scan). */
  async gamesWithExpiredOffers(now: Date): Promise<string[]> {
    const found = await rowsOf<{ game_id: string }>(
      this.db,
      sql`SELECT DISTINCT game_id FROM game_participants WHERE offer_expires_at <= ${now.toISOString()}::timestamptz ORDER BY game_id`,
    );
    return found.map((row) => row.game_id);
  }
}

/** The places a participants row takes. */
export const partySize = (row: Pick<ParticipantRow, 'guests'>): number => 1 + row.guests;
