import { amountText } from './paynow/index.ts';
import type { MoneyFacts } from './payments.ports.ts';
import type { EntryRow, Rules, RulesSource } from './payments.repository.ts';
import { billReference, priceCents, releaseDeadline, type PaymentState } from './payments.rules.ts';

const releaseAt = (startTime: Date, rules: Rules) => releaseDeadline(startTime, rules.releaseUnpaidHoursBefore)?.toISOString() ?? null;

export function presentRules(rules: Rules) {
  return { payBy: rules.payBy, releaseUnpaidHoursBefore: rules.releaseUnpaidHoursBefore };
}

/** A game's rules for its hosts, with where they came from. */
export function presentGameRules(rules: Rules & { source: RulesSource }) {
  return { ...presentRules(rules), source: rules.source };
}

export function presentEntry(row: EntryRow) {
  return {
    id: row.id,
    place: row.place,
    state: row.state,
    amount: amountText(row.amountCents),
    claimReference: row.reference,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentOwn(view: {
  gameId: string;
  rules: Rules;
  startTime: Date;
  currency: string;
  owedCents: number;
  reference: string;
  entries: EntryRow[];
  payNow: { payload: string; payeeName: string; proxyType: 'MOBILE' | 'UEN'; proxy: string; amount: string } | undefined;
}) {
  return {
    gameId: view.gameId,
    payBy: view.rules.payBy,
    releaseAt: releaseAt(view.startTime, view.rules),
    currency: view.currency,
    owed: amountText(view.owedCents),
    reference: view.reference,
    entries: view.entries.map(presentEntry),
    payNow: view.payNow ?? null,
  };
}

const sum = (rows: EntryRow[], states: readonly PaymentState[]) =>
  amountText(rows.filter((row) => states.includes(row.state)).reduce((total, row) => total + row.amountCents, 0));

export function presentLedger(view: { facts: MoneyFacts; rules: Rules; entries: EntryRow[]; names: Map<string, string | null> }) {
  const { facts, rules, entries, names } = view;
  const byPlayer = new Map<string, EntryRow[]>();
  for (const entry of entries) byPlayer.set(entry.userId, [...(byPlayer.get(entry.userId) ?? []), entry]);
  return {
    gameId: facts.id,
    payBy: rules.payBy,
    releaseUnpaidHoursBefore: rules.releaseUnpaidHoursBefore,
    releaseAt: releaseAt(facts.startTime, rules),
    currency: facts.currency,
    price: amountText(priceCents(facts.price)),
    totals: {
      expected: sum(entries, ['DUE', 'CLAIMED', 'NOT_RECEIVED', 'PAID']),
      outstanding: sum(entries, ['DUE', 'NOT_RECEIVED']),
      claimed: sum(entries, ['CLAIMED']),
      confirmed: sum(entries, ['PAID']),
      waived: sum(entries, ['WAIVED']),
      refundDue: sum(entries, ['REFUND_DUE']),
      refunded: sum(entries, ['REFUNDED']),
    },
    players: [...byPlayer].map(([userId, rows]) => ({
      userId,
      name: names.get(userId) ?? null,
      reference: billReference(facts.id, userId),
      entries: rows.map(presentEntry),
    })),
  };
}

/** One line per game, soonest game first. */
export function presentMoneyLines(rows: EntryRow[], facts: Map<string, MoneyFacts>) {
  const byGame = new Map<string, EntryRow[]>();
  for (const row of rows) byGame.set(row.gameId, [...(byGame.get(row.gameId) ?? []), row]);
  return [...byGame]
    .flatMap(([gameId, entries]) => {
      const game = facts.get(gameId);
      if (!game) return [];
      return [
        {
          gameId,
          title: game.title,
          startTime: game.startTime.toISOString(),
          currency: entries[0]!.currency,
          owed: sum(entries, ['DUE', 'NOT_RECEIVED']),
          claimed: sum(entries, ['CLAIMED']),
          refundDue: sum(entries, ['REFUND_DUE']),
          places: entries.length,
        },
      ];
    })
    .sort((a, b) => a.startTime.localeCompare(b.startTime));
}
