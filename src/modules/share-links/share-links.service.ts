import type { SQL } from 'drizzle-orm';
import type { Config } from '../../config/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { newShareCode } from './share-code.ts';
import { presentSharedGame, type ShareLinkUrls, type ShareLinkView } from './share-links.presenter.ts';
import type { ShareableGames, ShareableGameSummary } from './share-links.ports.ts';
import { gameShareCode, ShareLinksRepository, type ResourceType, type ShareLinkRow } from './share-links.repository.ts';

const DRAWS = 5;
const DAY_SECONDS = 86_400;
const barKey = (gameId: string, userId: string) => `share-bar:${gameId}:${userId}`;
const unknownLink = () => notFound('No share link has this code.', 'share_link_not_found');

export class ShareLinksService {
  readonly #db: Database;
  readonly #config: Readonly<Config>;
  readonly #frontendRoot: string;
  readonly #games: ShareableGames;
  readonly #store: KeyValueStore;
  readonly #clock: Clock;

  constructor(deps: { db: Database; config: Readonly<Config>; games: ShareableGames; store: KeyValueStore; clock: Clock }) {
    this.#db = deps.db;
    this.#config = deps.config;
    this.#games = deps.games;
    this.#store = deps.store;
    this.#clock = deps.clock;
    // The web frontend's root: its callback page less /auth/callback (the bundled app lives under /app).
    const callback = new URL(deps.config.frontendCallbackUrl);
    this.#frontendRoot = callback.origin + callback.pathname.replace(/\/auth\/callback\/?$/, '').replace(/\/+$/, '');
  }

  urls(row: Pick<ShareLinkRow, 'code' | 'resourceId'>): ShareLinkUrls {
    return {
      shareUrl: `${this.#config.baseUrl}/games/${row.code}`,
      // The app's share route: it shows the game to anyone holding the link, signed in or not.
      webUrl: `${this.#frontendRoot}/s/${row.code}`,
      mobileUrl: `${this.#config.mobileCallbackScheme}://games/${row.resourceId}`,
    };
  }

  /** Runs inside the game's create transaction, so a game never exists without its link. */
  async createForGame(gameId: string, executor: Executor): Promise<void> {
    await this.#insert('GAME', gameId, new ShareLinksRepository(executor));
  }

  async linksFor(gameIds: string[]): Promise<Map<string, { code: string } & ShareLinkUrls>> {
    const rows = await new ShareLinksRepository(this.#db).findByResources('GAME', gameIds);
    return new Map(rows.map((row) => [row.resourceId, this.linkOf(row.resourceId, row.code)]));
  }

  /** A game's link code as SQL, for a statement over games; `linkOf` makes the block from what it answers. */
  codeOf(gameId: SQL): SQL<string | null> {
    return gameShareCode(gameId);
  }

  linkOf(gameId: string, code: string): { code: string } & ShareLinkUrls {
    return { code, ...this.urls({ code, resourceId: gameId }) };
  }

  async deleteForGame(gameId: string, executor: Executor): Promise<void> {
    await new ShareLinksRepository(executor).deleteForResource('GAME', gameId);
  }

  /** The game's link for one of its organiser or players; strangers learn nothing (404). */
  async create(userId: string, resourceType: ResourceType, resourceId: string): Promise<{ view: ShareLinkView; created: boolean }> {
    if (!(await this.#games.isMember(userId, resourceId))) throw notFound('The game was not found.', 'game_not_found');
    const repository = new ShareLinksRepository(this.#db);
    const existing = await repository.findByResource(resourceType, resourceId);
    if (existing) return { view: { row: existing, ...this.urls(existing) }, created: false };
    const row = await this.#insert(resourceType, resourceId, repository);
    return { view: { row, ...this.urls(row) }, created: true };
  }

  /**
   * The organiser's answer to a leaked link: a new code, so the old one is unknown (404), and
   * nobody keeps the access the old one gave (players keep their places). Others: 404.
   */
  async rotate(userId: string, resourceType: ResourceType, resourceId: string): Promise<ShareLinkView> {
    const game = await this.#games.summaryForShare(resourceId);
    if (!game || game.organizerId !== userId) throw notFound('The game was not found.', 'game_not_found');
    const repository = new ShareLinksRepository(this.#db);
    let row: ShareLinkRow | undefined;
    for (let draw = 0; draw < DRAWS && !row; draw++) row = await repository.replaceCode(resourceType, resourceId, newShareCode());
    // Every game gets its link when it is created; a game somehow without one gets one now.
    if (!row && !(await repository.findByResource(resourceType, resourceId))) row = await this.#insert(resourceType, resourceId, repository);
    if (!row) throw new Error('could not draw a free share code');
    await this.#games.revokeShareAccess(resourceId);
    return { row, ...this.urls(row) };
  }

  /**
   * The organiser removed this player: the game's links no longer work for them (until a day
   * after the game ends, when nobody can join it anyway), whatever code they kept.
   */
  async barFromGame(removal: { gameId: string; userId: string; gameEnds: Date }): Promise<void> {
    const untilEnd = Math.ceil((removal.gameEnds.getTime() - this.#clock.now().getTime()) / 1000);
    await this.#store.set(barKey(removal.gameId, removal.userId), '1', Math.max(0, untilEnd) + DAY_SECONDS);
  }

  /** Counts the click; a signed-in resolver gains access to the (possibly private) game. */
  async resolve(code: string, userId: string | null) {
    const link = await new ShareLinksRepository(this.#db).findByCode(code);
    const game = link && (await this.#games.summaryForShare(link.resourceId));
    if (!link || !game) throw unknownLink();
    // A removed player is told what anyone with a wrong code is told.
    if (userId && (await this.#store.get(barKey(link.resourceId, userId)))) throw unknownLink();
    await new ShareLinksRepository(this.#db).countClick(code);
    if (userId && !(await this.#games.grantShareAccess(userId, link.resourceId))) throw unknownLink();
    const { webUrl, mobileUrl } = this.urls(link);
    return { resourceType: link.resourceType, resourceId: link.resourceId, webUrl, mobileUrl, game: presentSharedGame(game) };
  }

  /** What the web fallback page shows; undefined for an unknown code. */
  async page(code: string): Promise<{ game: ShareableGameSummary; urls: ShareLinkUrls } | undefined> {
    const link = await new ShareLinksRepository(this.#db).findByCode(code);
    const game = link && (await this.#games.summaryForShare(link.resourceId));
    return link && game ? { game, urls: this.urls(link) } : undefined;
  }

  async #insert(resourceType: ResourceType, resourceId: string, repository: ShareLinksRepository): Promise<ShareLinkRow> {
    // 62^8 codes: a collision is rare, and a fresh draw settles it.
    for (let draw = 0; draw < DRAWS; draw++) {
      const row = await repository.insert(newShareCode(), resourceType, resourceId);
      if (row) return row;
    }
    throw new Error('could not draw a free share code');
  }
}
