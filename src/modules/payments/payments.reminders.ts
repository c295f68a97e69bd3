import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { dateOf, instantAt, localDay } from '../../platform/local-time.ts';
import type { MoneyFacts, Outstanding, PaymentEvents, PaymentReminderGames } from './payments.ports.ts';
import { PaymentsRepository } from './payments.repository.ts';
import { amountText } from './paynow/payload.ts';

/** "The morning after": 09:00 on the next calendar day in APP_TIME_ZONE (quiet hours are read in it too). */
export const MORNING_MINUTES = 9 * 60;
/** A game paid BEFORE is reminded the evening before its calendar day, at 18:00. */
export const EVENING_MINUTES = 18 * 60;
/** A game whose morning passed while no instance ran is still reminded within these days; older ones never. */
const LOOKBACK_DAYS = 3;
/** The summary counts what is still owed in games that started within these days (Money under Me looks as far back). */
const SUMMARY_DAYS = 60;
/** Reminder and summary rows outlive the look-back; after this no run asks about them. */
const RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export interface PaymentRemindersDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  games: PaymentReminderGames;
  events: PaymentEvents;
  /** The payments service's followRoster: the entries brought in line with the roster before reminding. */
  follow: (gameId: string) => Promise<MoneyFacts>;
}

const money = (cents: number, currency: string) => `${currency} ${amountText(cents)}`;

/**
 * The gentle reminders (the payment-reminders and payment-summaries jobs). Once-only is the
 * database's: a reminder or summary is written only for the rows its own run inserted
 * (payment_reminders, payment_summaries), in the same transaction, so overlapping runs on any
 * number of instances send each one once.
 */
export class PaymentReminders {
  readonly #deps: PaymentRemindersDeps;

  constructor(deps: PaymentRemindersDeps) {
    this.#deps = deps;
  }

  /**
   * One PAYMENT_REMINDER per player still owing: once the morning after the game's day has come, or
   * for a game paid BEFORE, once the evening before it has.
   */
  async remindDue(): Promise<number> {
    const { clock, timeZone } = this.#deps;
    const now = clock.now();
    const today = localDay(now, timeZone);
    // The latest calendar day whose morning after has come (yesterday from 09:00, else the day
    // before), and the latest whose evening before has (tomorrow from 18:00, else today).
    const afterDay = now >= instantAt(today, MORNING_MINUTES, timeZone) ? today - 1 : today - 2;
    const beforeDay = now >= instantAt(today, EVENING_MINUTES, timeZone) ? today + 1 : today;
    const after = await this.#gamesOfDays(afterDay);
    const before = await this.#gamesOfDays(beforeDay);
    const paidBefore = await new PaymentsRepository(this.#deps.db).payingBefore([...new Set([...after, ...before])]);
    const due = [...after.filter((id) => !paidBefore.has(id)), ...before.filter((id) => paidBefore.has(id))];
    let sent = 0;
    // One transaction per game: a crash half-way keeps what was sent, and the rest go next run.
    for (const gameId of new Set(due)) sent += await this.#remindGame(gameId, now);
    await new PaymentsRepository(this.#deps.db).purgeReminders(new Date(now.getTime() - RETENTION_DAYS * DAY_MS));
    return sent;
  }

  /** Priced games starting on `lastDay` or the LOOKBACK_DAYS - 1 days before it. */
  #gamesOfDays(lastDay: number): Promise<string[]> {
    const { timeZone, games } = this.#deps;
    return games.pricedStartingBetween(instantAt(lastDay + 1 - LOOKBACK_DAYS, 0, timeZone), instantAt(lastDay + 1, 0, timeZone));
  }

  async #remindGame(gameId: string, now: Date): Promise<number> {
    const facts = await this.#deps.follow(gameId);
    return this.#deps.db.transaction(async (tx) => {
      const repository = new PaymentsRepository(tx);
      const owing = await repository.owingUnreminded(gameId);
      const fresh = new Set(
        await repository.recordReminders(
          gameId,
          owing.map((row) => row.userId),
          now,
        ),
      );
      for (const row of owing.filter((candidate) => fresh.has(candidate.userId))) {
        const event = {
          type: 'PAYMENT_REMINDER' as const,
          gameId,
          recipients: [row.userId],
          title: facts.title,
          money: { owed: money(row.cents, row.currency) },
        };
        await this.#deps.events.emit(event, tx);
      }
      return fresh.size;
    });
  }

  /** From 09:00, one PAYMENT_SUMMARY per organiser with anything open, once per calendar day. */
  async summarise(): Promise<number> {
    const { clock, timeZone, games } = this.#deps;
    const now = clock.now();
    const today = localDay(now, timeZone);
    if (now < instantAt(today, MORNING_MINUTES, timeZone)) return 0;
    const day = dateOf(today);
    const started = await games.pricedStartingBetween(new Date(now.getTime() - SUMMARY_DAYS * DAY_MS), now);
    const open = await new PaymentsRepository(this.#deps.db).openForSummary(day, started);
    const byOrganizer = Map.groupBy(open, (row) => row.organizerId);
    let sent = 0;
    for (const [organizerId, rows] of byOrganizer) {
      const done = await this.#deps.db.transaction(async (tx) => {
        if (!(await new PaymentsRepository(tx).recordSummary(organizerId, day, now))) return false;
        // The notice opens the game with the oldest open change: the one most in need of a look.
        const event = { type: 'PAYMENT_SUMMARY' as const, gameId: rows[0]!.gameId, recipients: [organizerId], money: { outstanding: outstanding(rows) } };
        await this.#deps.events.emit(event, tx);
        return true;
      });
      if (done) sent += 1;
    }
    return sent;
  }
}

function outstanding(rows: Array<{ gameId: string; state: string; amountCents: number; currency: string }>): Outstanding {
  const owing = rows.filter((row) => row.state === 'DUE' || row.state === 'NOT_RECEIVED');
  const totals = new Map<string, number>();
  for (const row of owing) totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.amountCents);
  return {
    games: new Set(rows.map((row) => row.gameId)).size,
    owing: owing.length,
    owed: [...totals].map(([currency, cents]) => money(cents, currency)).join(' and '),
    claimed: rows.filter((row) => row.state === 'CLAIMED').length,
    refunds: rows.filter((row) => row.state === 'REFUND_DUE').length,
  };
}
