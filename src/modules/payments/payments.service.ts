import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import type { AuditActor, AuditTrail } from '../audit/index.ts';
import { entryNotFound, gameNotFound, nothingToClaim, stateChanged } from './payments.errors.ts';
import type { MoneyFacts, PaymentGames, PaymentUsers } from './payments.ports.ts';
import { PaymentsRepository, type EntryRow } from './payments.repository.ts';
import { billReference, HOST_MOVES, OWED, priceCents, type HostMove, type PayBy, type ReleaseHours } from './payments.rules.ts';
import type { PayeesService } from './payees.service.ts';
import { presentEntry, presentGameRules, presentLedger, presentMoneyLines, presentOwn } from './payments.presenter.ts';
import { ledgerCsv } from './payments.csv.ts';

export interface PaymentsDeps {
  db: Database;
  clock: Clock;
  games: PaymentGames;
  users: PaymentUsers;
  payees: PayeesService;
  audit: AuditTrail;
}

/** How far back "Money" under Me looks for games whose entries may need to follow the roster. */
const RECENT_DAYS = 60;
const RECENT_GAMES = 50;

/**
 * What each place in a priced game owes its organiser. Entries follow the roster when someone asks
 * (the pay sheet, the ledger, Money under Me): the roster is the games module's, and the entries are
 * brought in line with it atomically (payments.repository `follow`), so no event can be missed.
 */
export class PaymentsService {
  readonly #deps: PaymentsDeps;

  constructor(deps: PaymentsDeps) {
    this.#deps = deps;
  }

  /** The player's own places in the game, what they owe, and the PayNow code for it. */
  async own(userId: string, gameId: string) {
    const standing = await this.#deps.games.standing(gameId, userId);
    if (!standing?.visible) throw gameNotFound();
    const facts = await this.#follow(gameId);
    const repository = new PaymentsRepository(this.#deps.db);
    const [entries, rules] = [await repository.entriesOfPlayer(gameId, userId), await repository.rules(gameId)];
    const owedCents = entries.filter((entry) => OWED.includes(entry.state)).reduce((sum, entry) => sum + entry.amountCents, 0);
    const reference = billReference(gameId, userId);
    const payNow = facts.currency === 'SGD' && owedCents > 0 ? await this.#deps.payees.codeFor(facts.organizerId, owedCents, reference) : undefined;
    return presentOwn({ gameId, rules, startTime: facts.startTime, currency: facts.currency, owedCents, reference, entries, payNow });
  }

  async claim(userId: string, gameId: string, reference: string | undefined) {
    const standing = await this.#deps.games.standing(gameId, userId);
    if (!standing?.visible) throw gameNotFound();
    await this.#follow(gameId);
    const claimed = await new PaymentsRepository(this.#deps.db).claim(gameId, userId, reference?.trim() || null, this.#deps.clock.now());
    if (claimed === 0) throw nothingToClaim();
    return this.own(userId, gameId);
  }

  /** Every player's places and their states: the organiser and co-hosts only. */
  async ledger(hostId: string, gameId: string) {
    const facts = await this.#hosted(hostId, gameId);
    const repository = new PaymentsRepository(this.#deps.db);
    const [entries, rules] = [await repository.entriesOfGame(gameId), await repository.rules(gameId)];
    const names = await this.#deps.users.namesOf([...new Set(entries.map((entry) => entry.userId))]);
    return presentLedger({ facts, rules, entries, names });
  }

  /** The game's rules for its organiser and co-hosts, and whether they were set on it or came from its series. */
  async rules(hostId: string, gameId: string) {
    const standing = await this.#deps.games.standing(gameId, hostId);
    if (!standing?.host) throw gameNotFound();
    return presentGameRules(await new PaymentsRepository(this.#deps.db).rules(gameId));
  }

  /** The organiser's (or a co-host's) rules for the game, replaced as a whole: pay before or after it, and the release of unpaid places (omitted: off). A later change of its series' rules leaves them alone. */
  async setRules(hostId: string, gameId: string, input: { payBy: PayBy; releaseUnpaidHoursBefore?: ReleaseHours | null }) {
    const standing = await this.#deps.games.standing(gameId, hostId);
    if (!standing?.host) throw gameNotFound();
    const rules = { payBy: input.payBy, releaseUnpaidHoursBefore: input.releaseUnpaidHoursBefore ?? null };
    await new PaymentsRepository(this.#deps.db).saveRules(gameId, rules, this.#deps.clock.now());
    return rules;
  }

  async ledgerCsv(hostId: string, gameId: string): Promise<string> {
    return ledgerCsv(await this.ledger(hostId, gameId));
  }

  /** A host's change of one entry, from the states that change may come from; anything else is 409. */
  async move(hostId: string, gameId: string, entryId: string, to: HostMove, trail: AuditActor) {
    await this.#hosted(hostId, gameId);
    const { db, clock, audit } = this.#deps;
    const moved = await db.transaction(async (tx) => {
      const locked = new PaymentsRepository(tx);
      const before = await locked.findEntry(gameId, entryId, 'update');
      const row = before && (await locked.move(gameId, entryId, to, HOST_MOVES[to], hostId, clock.now()));
      if (before && row) await audit.record(tx, { ...trail, ...paymentChanged(before, row) });
      return row;
    });
    if (moved) return presentEntry(moved);
    const repository = new PaymentsRepository(db);
    const current = await repository.findEntry(gameId, entryId);
    if (!current) throw entryNotFound();
    throw stateChanged(current.state);
  }

  /** What the user owes (or is owed back) per game, and what players owe them in the games they organise. */
  async mine(userId: string) {
    const { clock, games } = this.#deps;
    const since = new Date(clock.now().getTime() - RECENT_DAYS * 86_400_000);
    const recent = await games.calendarOf(userId, since, RECENT_GAMES);
    const facts = new Map<string, MoneyFacts>();
    for (const game of recent) facts.set(game.id, await this.#follow(game.id));
    const repository = new PaymentsRepository(this.#deps.db);
    const [asPlayer, asOrganizer] = await Promise.all([repository.openEntries('player', userId, 500), repository.openEntries('organizer', userId, 2000)]);
    const factsOf = async (rows: EntryRow[]) => {
      for (const id of new Set(rows.map((row) => row.gameId)))
        if (!facts.has(id)) {
          const found = await games.moneyFacts(id);
          if (found) facts.set(id, found);
        }
    };
    await factsOf([...asPlayer, ...asOrganizer]);
    return { asPlayer: presentMoneyLines(asPlayer, facts), asOrganizer: presentMoneyLines(asOrganizer, facts) };
  }

  /** The reminders' way in: the game's entries brought in line with its roster (they remind only who still owes). */
  followRoster(gameId: string): Promise<MoneyFacts> {
    return this.#follow(gameId);
  }

  /** Hard-deleting a game takes its entries (and their history) with it. */
  forgetGame(gameId: string, executor: Executor): Promise<void> {
    return new PaymentsRepository(executor).deleteForGame(gameId);
  }

  async #hosted(hostId: string, gameId: string): Promise<MoneyFacts> {
    const standing = await this.#deps.games.standing(gameId, hostId);
    if (!standing?.host) throw gameNotFound();
    return this.#follow(gameId);
  }

  /** Brings the game's entries in line with its roster and price; the organiser owes nothing to themselves. */
  async #follow(gameId: string): Promise<MoneyFacts> {
    const facts = await this.#deps.games.moneyFacts(gameId);
    if (!facts) throw gameNotFound();
    const amountCents = priceCents(facts.price);
    const owing = facts.cancelled || amountCents === 0 ? [] : facts.parties.filter((party) => party.userId !== facts.organizerId);
    const places = owing.flatMap((party) => Array.from({ length: 1 + party.guests }, (_, place) => ({ userId: party.userId, place })));
    const roster = { gameId, organizerId: facts.organizerId, amountCents, currency: facts.currency, places, now: this.#deps.clock.now() };
    await this.#deps.db.transaction((tx) => new PaymentsRepository(tx).follow(roster));
    return facts;
  }
}

/** The audit entry of a host's move: which place (entry and player) and its state before and after; never amounts' details or references. */
function paymentChanged(before: EntryRow, after: EntryRow) {
  const place = { entryId: after.id, userId: after.userId };
  const changes = { payment: { before: { ...place, state: before.state }, after: { ...place, state: after.state } } };
  return { action: 'game.payment.changed', objectType: 'game', objectId: after.gameId, changes };
}
