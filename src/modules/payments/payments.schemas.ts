import { Type } from 'typebox';
import { NameText } from '../../platform/http/text.ts';

const Uuid = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', description: 'An amount with two decimals, e.g. "8.50"' });
const State = Type.Union(
  [
    Type.Literal('DUE'),
    Type.Literal('CLAIMED'),
    Type.Literal('PAID'),
    Type.Literal('WAIVED'),
    Type.Literal('NOT_RECEIVED'),
    Type.Literal('REFUND_DUE'),
    Type.Literal('REFUNDED'),
    Type.Literal('CANCELLED'),
  ],
  {
    description:
      'DUE: owed; CLAIMED: the player says they paid; PAID: a host confirmed it; WAIVED: a host let it go; NOT_RECEIVED: a host did not find it; REFUND_DUE: paid for a place no longer held; REFUNDED; CANCELLED: the place was given up before anything was paid',
  },
);
const ProxyType = Type.Union([Type.Literal('MOBILE'), Type.Literal('UEN')]);

export const GameIdParams = Type.Object({ id: Uuid });
export const EntryParams = Type.Object({ id: Uuid, entryId: Uuid });

export const ClaimBody = Type.Object({
  reference: Type.Optional(NameText({ maxLength: 40, description: "The transfer's reference in your bank app, to help the organiser find it" })),
});

export const MoveBody = Type.Object({
  state: Type.Union([Type.Literal('PAID'), Type.Literal('WAIVED'), Type.Literal('NOT_RECEIVED'), Type.Literal('REFUNDED')], {
    description:
      'PAID from DUE, CLAIMED, NOT_RECEIVED or REFUND_DUE (kept); WAIVED from DUE, CLAIMED or NOT_RECEIVED; NOT_RECEIVED from CLAIMED or PAID; REFUNDED from REFUND_DUE',
  }),
});

export const PayeeBody = Type.Object({
  proxyType: ProxyType,
  proxy: Type.String({ minLength: 1, maxLength: 20, description: 'MOBILE: a Singapore mobile number (+65 and 8 digits); UEN: the entity number' }),
  displayName: NameText({ maxLength: 25, description: "The name payers' banking apps show: at most 25 characters" }),
});

export const Payee = Type.Object({ proxyType: ProxyType, proxy: Type.String(), displayName: Type.String(), updatedAt: Instant });
export const PayeeOrNone = Type.Union([Payee, Type.Null()], { description: 'null: no PayNow details saved' });

export const Entry = Type.Object({
  id: Uuid,
  place: Type.Integer({ minimum: 0, maximum: 3, description: "0: the player's own place; 1–3: their guests'" }),
  state: State,
  amount: Money,
  claimReference: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Instant,
});

export const PayNowBlock = Type.Object({
  payload: Type.String({ description: 'The SGQR / EMVCo payload to render as a QR code: PayNow, amount fixed, the bill reference' }),
  payeeName: Type.String(),
  proxyType: ProxyType,
  proxy: Type.String({ description: "The organiser's PayNow number or UEN, for typing in by hand" }),
  amount: Money,
});

export const PayBy = Type.Union([Type.Literal('BEFORE'), Type.Literal('AFTER')], {
  description: 'When the organiser asks players to pay: BEFORE the game or AFTER it (the default); it decides when the reminder goes',
});
const RELEASE_TEXT =
  'Hold a place for a player who has not paid until this many hours before the start; then the place goes to the waitlist (the payment-releases job). null: off (the default)';
const ReleaseHours = Type.Union([Type.Literal(2), Type.Literal(6), Type.Literal(12), Type.Literal(24), Type.Literal(48), Type.Literal(72), Type.Null()], {
  description: RELEASE_TEXT,
});
export const PaymentRulesBody = Type.Object({
  payBy: PayBy,
  releaseUnpaidHoursBefore: Type.Optional(Type.Union(ReleaseHours.anyOf, { description: `${RELEASE_TEXT}; omitted: off (the rules are replaced as a whole)` })),
});
export const PaymentRules = Type.Object({ payBy: PayBy, releaseUnpaidHoursBefore: ReleaseHours });
export const GamePaymentRules = Type.Object({
  payBy: PayBy,
  releaseUnpaidHoursBefore: ReleaseHours,
  source: Type.Union([Type.Literal('DEFAULT'), Type.Literal('GAME'), Type.Literal('SERIES')], {
    description:
      "Where the rules came from: DEFAULT (none set), GAME (set on this game: a change of its series' rules leaves them alone) or SERIES (copied from its series: the series' next change replaces them)",
  }),
});
const ReleaseAt = Type.Union([Instant, Type.Null()], {
  description: "The deadline: a place still DUE then goes to the waitlist. null: the organiser's rule is off",
});

export const OwnPayment = Type.Object({
  gameId: Uuid,
  payBy: PayBy,
  releaseAt: ReleaseAt,
  currency: Type.String(),
  owed: Money,
  reference: Type.String({ description: 'The bill reference that identifies this game and player (also inside the payload)' }),
  entries: Type.Array(Entry),
  payNow: Type.Union([PayNowBlock, Type.Null()], { description: 'null: nothing owed, not SGD, or the organiser has no PayNow details' }),
});

const Totals = Type.Object({
  expected: Money,
  outstanding: Money,
  claimed: Money,
  confirmed: Money,
  waived: Money,
  refundDue: Money,
  refunded: Money,
});

export const Ledger = Type.Object({
  gameId: Uuid,
  payBy: PayBy,
  releaseUnpaidHoursBefore: ReleaseHours,
  releaseAt: ReleaseAt,
  currency: Type.String(),
  price: Money,
  totals: Totals,
  players: Type.Array(Type.Object({ userId: Uuid, name: Type.Union([Type.String(), Type.Null()]), reference: Type.String(), entries: Type.Array(Entry) })),
});

const MoneyLine = Type.Object({
  gameId: Uuid,
  title: Type.Union([Type.String(), Type.Null()]),
  startTime: Instant,
  currency: Type.String(),
  owed: Money,
  claimed: Money,
  refundDue: Money,
  places: Type.Integer(),
});

export const MyMoney = Type.Object({
  asPlayer: Type.Array(MoneyLine, { description: 'What you owe (or are owed back) per game' }),
  asOrganizer: Type.Array(MoneyLine, { description: 'What players owe you (or you owe back) per game you organise' }),
});
