import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { refsOf, type GameRefsDeps } from './games.refs.ts';
import { CoHostsRepository } from './co-hosts/games.co-hosts.repository.ts';
import { GamesRepository, type GameRow } from './games.repository.ts';
import { ParticipationRepository } from './participation/games.participation.repository.ts';
import { MembersRepository } from './games.members.repository.ts';
import { ShareAccessRepository } from './share-access/games.share-access.repository.ts';
import { effectiveStatus } from './rules/games.rules.ts';

/** A game as attendance sees it, and where the user stands in it. */
export interface GameStanding {
  game: {
    id: string;
    organizerId: string;
    activityId: string;
    title: string | null;
    startTime: Date;
    endTime: Date;
    status: GameRow['status'];
    selfCheckIn: boolean;
    /** The last change of time, venue or price (games.rules materiallyChanged); null: none. */
    materiallyChangedAt: Date | null;
  };
  /** Organiser or co-host. */
  host: boolean;
  player: 'ACTIVE' | 'WAITLISTED' | undefined;
  /** When the player joined (or was joined); undefined when they are not a player. */
  joinedAt: Date | undefined;
  /** A join request waits for the hosts' answer. */
  requested: boolean;
  visible: boolean;
}

export interface GameLookupsDeps extends GameRefsDeps {
  db: Database;
  clock: Clock;
}

/** Whether a game still refers to the activity: the activities module asks before deleting one. */
export function gamesUseActivity(activityId: string, executor: Executor): Promise<boolean> {
  return new GamesRepository(executor).usesActivity(activityId);
}

/** What other modules ask of games (share links, profiles): plain answers, undefined or false for "no such game". */
export class GameLookups {
  readonly #deps: GameLookupsDeps;

  constructor(deps: GameLookupsDeps) {
    this.#deps = deps;
  }

  /** Organiser, co-host or player (active or waitlisted). */
  async isMember(userId: string, gameId: string): Promise<boolean> {
    const repository = new GamesRepository(this.#deps.db);
    const game = await repository.find(gameId);
    if (!game) return false;
    if (game.organizerId === userId || (await new ParticipationRepository(this.#deps.db).participant(gameId, userId)) !== undefined) return true;
    return new CoHostsRepository(this.#deps.db).isCoHost(gameId, userId);
  }

  /** Undefined once the game is gone for good. */
  async summaryForShare(gameId: string) {
    const game = await new GamesRepository(this.#deps.db).find(gameId);
    if (!game) return undefined;
    const refs = (await refsOf(this.#deps, [game])).get(gameId);
    if (!refs) return undefined;
    return {
      id: game.id,
      title: game.title,
      activityName: refs.activityName,
      venueName: refs.venueName,
      venueAddress: refs.venueAddress,
      startTime: game.startTime,
      endTime: game.endTime,
      playersJoined: game.playersJoined,
      slots: game.slots,
      status: effectiveStatus(game, this.#deps.clock.now()),
      visibility: game.visibility,
      organizerId: game.organizerId,
      waitlisted: game.waitlisted,
      price: game.price,
      currency: game.currency,
      skillLevelFrom: refs.fromName,
      skillLevelTo: refs.toName,
    };
  }

  /** Lets the user see the (possibly private) game; false when there is no such game. */
  async grantShareAccess(userId: string, gameId: string): Promise<boolean> {
    if (!(await new GamesRepository(this.#deps.db).find(gameId))) return false;
    await new ShareAccessRepository(this.#deps.db).grant(gameId, userId, this.#deps.clock.now());
    return true;
  }

  /** Everyone's share access: the game's share code was rotated. Players keep their places. */
  async revokeShareAccess(gameId: string): Promise<void> {
    await new ShareAccessRepository(this.#deps.db).revoke(gameId);
  }

  /** Undefined when there is no such game. */
  async standing(gameId: string, userId: string): Promise<GameStanding | undefined> {
    const { db, clock } = this.#deps;
    const repository = new GamesRepository(db);
    const game = await repository.find(gameId);
    if (!game) return undefined;
    const now = clock.now();
    const [participation, coHost, requested, visible] = await Promise.all([
      new ParticipationRepository(db).participant(gameId, userId),
      new CoHostsRepository(db).isCoHost(gameId, userId),
      new MembersRepository(db).hasRequested(gameId, userId),
      repository.isVisible(gameId, userId, now),
    ]);
    const { id, organizerId, activityId, title, startTime, endTime, selfCheckIn, materiallyChangedAt } = game;
    return {
      game: { id, organizerId, activityId, title, startTime, endTime, selfCheckIn, materiallyChangedAt, status: effectiveStatus(game, now) },
      host: organizerId === userId || coHost,
      player: participation?.status,
      joinedAt: participation?.joinedAt,
      requested,
      visible,
    };
  }

  /** Everyone in the game now (hosts, players with a place or waiting, requesters). */
  audience(gameId: string) {
    return new MembersRepository(this.#deps.db).audience(gameId);
  }

  /** The games the user is in now, as `audience` counts them. */
  gamesOf(userId: string): Promise<string[]> {
    return new MembersRepository(this.#deps.db).gamesOf(userId);
  }

  /** The players holding a place, in joining order. */
  activePlayerIds(gameId: string): Promise<string[]> {
    return new MembersRepository(this.#deps.db).activePlayerIds(gameId);
  }

  /** The parties holding places, each with their guests and the names given (game day). */
  activeParties(gameId: string) {
    return new MembersRepository(this.#deps.db).activeParties(gameId);
  }

  /**
   * What a game asks of its players in money: its price, organiser and the parties holding places
   * (the payments module); undefined when there is no such game.
   */
  async moneyFacts(gameId: string) {
    const game = await new GamesRepository(this.#deps.db).find(gameId);
    if (!game) return undefined;
    const parties = await new MembersRepository(this.#deps.db).activeParties(gameId);
    const { id, organizerId, title, startTime, endTime, price, currency } = game;
    return { id, organizerId, title, startTime, endTime, price, currency, cancelled: game.status === 'CANCELLED', parties };
  }

  /** Priced games, not cancelled, starting in [from, to) (the payments module's reminders). */
  pricedStartingBetween(from: Date, to: Date): Promise<string[]> {
    return new GamesRepository(this.#deps.db).pricedStartingBetween(from, to);
  }

  /** The user's hosted and joined games for a calendar feed, with each game's SEQUENCE. */
  calendarOf(userId: string, since: Date, limit: number) {
    return new MembersRepository(this.#deps.db).calendarOf(userId, since, limit);
  }

  sequencesOf(ids: string[]): Promise<Map<string, number>> {
    return new MembersRepository(this.#deps.db).sequencesOf(ids);
  }

  /** Games the user plays in (active) and hosts, cancelled ones left out. */
  totals(userId: string): Promise<{ joined: number; hosted: number }> {
    return new GamesRepository(this.#deps.db).totals(userId);
  }
}

/** What other modules are told of a game (share pages and share-link previews). */
export type GameSummary = NonNullable<Awaited<ReturnType<GameLookups['summaryForShare']>>>;
