import type { RouteSpec } from '../../platform/http/route-set.ts';
import { ClaimBody, Entry, EntryParams, GameIdParams, GamePaymentRules, Ledger, MoveBody, MyMoney, OwnPayment, PayeeBody, PayeeOrNone, PaymentRules, PaymentRulesBody } from './payments.schemas.ts';

/** What each payments route accepts and answers (the CSV export is declared in the routes). */
export const PaymentsApi = {
  own: { summary: 'What you owe in this game, per place, with the PayNow code for it', params: GameIdParams, data: OwnPayment, message: 'Your payment' },
  claim: { summary: 'Say you have paid (every place still owed becomes CLAIMED until a host confirms it)', params: GameIdParams, body: ClaimBody, data: OwnPayment, message: 'Marked as paid' },
  ledger: { summary: "The game's ledger: every player's places and their states (organiser or co-host)", params: GameIdParams, data: Ledger, message: 'Ledger' },
  move: { summary: 'Confirm, waive, mark not received or refunded one place (organiser or co-host)', params: EntryParams, body: MoveBody, data: Entry, message: 'Payment updated' },
  gameRules: {
    summary: "The game's money rules (organiser or co-host), and whether they were set on the game or came from its series",
    params: GameIdParams,
    data: GamePaymentRules,
    message: 'Payment rules',
  },
  rules: {
    summary: "Set the game's money rules (organiser or co-host): whether players pay before or after it, and whether an unpaid place is released to the waitlist",
    description:
      "BEFORE: the pay sheet says so and the reminder goes at 18:00 the evening before the game; AFTER (the default): at 09:00 the morning after. Both in APP_TIME_ZONE. releaseUnpaidHoursBefore (2, 6, 12, 24, 48 or 72; null or omitted: off): at that many hours before the start, each player still DUE loses their place to the waitlist and is told. Rules set here win over the series': a later change of the series' rules leaves this game alone.",
    params: GameIdParams,
    body: PaymentRulesBody,
    data: PaymentRules,
    message: 'Payment rules saved',
  },
  mine: { summary: 'What you owe across games, and what is owed to you in the games you organise', data: MyMoney, message: 'Your money' },
  payee: { summary: 'Your PayNow details (null when none are saved)', data: PayeeOrNone, message: 'PayNow details' },
  savePayee: { summary: 'Save your PayNow number or UEN and the name it shows; shown only to players who owe you', body: PayeeBody, data: PayeeOrNone, message: 'PayNow details saved' },
  removePayee: { summary: 'Remove your PayNow details' },
} satisfies Record<string, RouteSpec>;
